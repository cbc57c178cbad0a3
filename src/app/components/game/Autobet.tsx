import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { autobetMachine } from '../../../../machines/autobet/machine';
import { selectCount, selectIsFinishing, selectIsRunning, selectNetSign, selectNetText, selectSettings, selectStartBlocked, selectStopReason } from '../../../../machines/autobet/selectors';
import type { AutobetAdjust } from '../../../core/bets/autobet';
import type { GameMode } from '../../../../machines/autobet/gameKit';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './Autobet.module.css';

export type AutobetRef = ActorRefFrom<typeof autobetMachine>;

/** Manual or Auto (docs/product.md §4 "Autobet"); locked while a run is on. */
export function ModeSwitch({ auto, disabled, onChoose }: { auto: boolean; disabled: boolean; onChoose: (mode: GameMode) => void }) {
  const modes: Array<{ id: GameMode; label: string }> = [
    { id: 'manual', label: 'Manual' },
    { id: 'auto', label: 'Auto' },
  ];
  return (
    <div className={styles.modes} role="tablist" aria-label="Betting mode">
      {modes.map((mode) => (
        <button
          key={mode.id}
          type="button"
          role="tab"
          aria-selected={(mode.id === 'auto') === auto}
          className={styles.mode}
          disabled={disabled}
          onClick={() => onChoose(mode.id)}
        >
          {mode.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The Auto panel's settings: number of bets, what a win and a loss do to the amount, and the stop
 * rules. It renders the autobet actor's snapshot and sends it what the player types; the rules are
 * the machine's and src/core's.
 */
export function AutobetSettingsForm({ autobet, currency, fiat }: { autobet: AutobetRef; currency: string; fiat: boolean }) {
  const settings = useSelector(autobet, selectSettings);
  const locked = useSelector(autobet, selectIsRunning);
  const unit = fiat ? <span className={styles.dollar}>$</span> : <CurrencyIcon symbol={currency} size={16} />;
  return (
    <fieldset className={styles.settings} disabled={locked}>
      <legend className={styles.visuallyHidden}>Autobet settings</legend>
      <Field label="Number of bets" hint="0 = until stopped" value={settings.bets} inputMode="numeric" onType={(text) => autobet.send({ type: 'user.typeBets', text })} />
      <AdjustRow
        label="On win"
        adjust={settings.onWin}
        percent={settings.onWinPercent}
        onChoose={(adjust) => autobet.send({ type: 'user.chooseOnWin', adjust })}
        onType={(text) => autobet.send({ type: 'user.typeOnWinPercent', text })}
      />
      <AdjustRow
        label="On loss"
        adjust={settings.onLoss}
        percent={settings.onLossPercent}
        onChoose={(adjust) => autobet.send({ type: 'user.chooseOnLoss', adjust })}
        onType={(text) => autobet.send({ type: 'user.typeOnLossPercent', text })}
      />
      <div className={styles.pair}>
        <Field label="Stop on profit" value={settings.stopProfit} placeholder="Off" unit={unit} onType={(text) => autobet.send({ type: 'user.typeStopProfit', text })} />
        <Field label="Stop on loss" value={settings.stopLoss} placeholder="Off" unit={unit} onType={(text) => autobet.send({ type: 'user.typeStopLoss', text })} />
      </div>
    </fieldset>
  );
}

/** The run on, or the last one: bets placed, net profit, and why it stopped. */
export function AutobetStatus({ autobet }: { autobet: AutobetRef }) {
  const count = useSelector(autobet, selectCount);
  const net = useSelector(autobet, selectNetText);
  const sign = useSelector(autobet, selectNetSign);
  const reason = useSelector(autobet, selectStopReason);
  const running = useSelector(autobet, selectIsRunning);
  const finishing = useSelector(autobet, selectIsFinishing);
  const blocked = useSelector(autobet, selectStartBlocked);
  // Why Start is disabled comes first: it is what holds the player now.
  const shownReason = blocked ?? reason;
  if (count === null && shownReason === null) return null;
  return (
    <div className={styles.status} data-testid="autobet-status" aria-live="polite">
      {count !== null ? (
        <div className={styles.figures}>
          <span>
            <span className={styles.figureLabel}>Bets</span> <strong data-testid="autobet-count">{count}</strong>
          </span>
          <span>
            <span className={styles.figureLabel}>Net profit</span>{' '}
            <strong data-testid="autobet-net" data-sign={sign} className={styles.net}>
              {net}
            </strong>
          </span>
        </div>
      ) : null}
      {running ? <p className={styles.state}>{finishing ? 'Stopping after this bet…' : 'Autobet running'}</p> : null}
      {shownReason !== null ? (
        <p className={styles.reason} role="status" data-testid="autobet-reason" data-blocking={blocked !== null ? 'true' : undefined}>
          {shownReason}
        </p>
      ) : null}
    </div>
  );
}

function AdjustRow({ label, adjust, percent, onChoose, onType }: { label: string; adjust: AutobetAdjust; percent: string; onChoose: (a: AutobetAdjust) => void; onType: (text: string) => void }) {
  const id = useId();
  return (
    <div className={styles.field} role="group" aria-labelledby={id}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <div className={styles.adjust}>
        <div className={styles.choices}>
          <button type="button" className={styles.choice} aria-pressed={adjust === 'reset'} onClick={() => onChoose('reset')}>
            Reset
          </button>
          <button type="button" className={styles.choice} aria-pressed={adjust === 'increase'} onClick={() => onChoose('increase')}>
            Increase by
          </button>
        </div>
        <div className={styles.box} data-disabled={adjust === 'reset' ? 'true' : undefined}>
          <input
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            aria-label={`${label}: increase by percent`}
            value={percent}
            disabled={adjust === 'reset'}
            onChange={(event) => onType(event.target.value)}
          />
          <span className={styles.suffix} aria-hidden="true">
            %
          </span>
        </div>
      </div>
    </div>
  );
}

interface FieldProps {
  label: string;
  value: string;
  hint?: string;
  placeholder?: string;
  unit?: React.ReactNode;
  inputMode?: 'numeric' | 'decimal';
  onType: (text: string) => void;
}

function Field({ label, value, hint, placeholder, unit, inputMode = 'decimal', onType }: FieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {hint ? <span className={styles.hint}> · {hint}</span> : null}
      </label>
      <div className={styles.box}>
        {unit ? (
          <span className={styles.unit} aria-hidden="true">
            {unit}
          </span>
        ) : null}
        <input id={id} className={styles.input} inputMode={inputMode} autoComplete="off" value={value} placeholder={placeholder} onChange={(event) => onType(event.target.value)} />
      </div>
    </div>
  );
}
