import { useSelector } from '@xstate/react';
import { selectIsFinishing, selectIsRunning, selectStartBlocked } from '../../../../machines/autobet/selectors';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { diceMachine } from '../../../../machines/dice/machine';
import {
  selectAmountText,
  selectAutobet,
  selectCanBet,
  selectCanStartAuto,
  selectIsAuto,
  selectChance,
  selectChancePlaceholder,
  selectChanceText,
  selectIsPlacing,
  selectMaxPayout,
  selectCurrencyNotBettable,
  selectMessage,
  selectMultiplier,
  selectMultiplierPlaceholder,
  selectMultiplierText,
  selectProfitOnWin,
  selectResult,
  selectResultText,
  selectRevealedBet,
  selectRingTone,
  selectTarget,
} from '../../../../machines/dice/selectors';
import { formatCrypto, formatFiat } from '../../../core/money';
import { useModalStackRef } from '../../actors/AppActor';
import { useSpaceKey } from '../../adapters/screenHooks';
import { AutobetSettingsForm, AutobetStatus, ModeSwitch } from '../game/Autobet';
import type { AutobetRef } from '../game/Autobet';
import { BetAmount } from '../game/BetAmount';
import { RevealedSeed } from '../game/RevealedSeed';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import { ShieldIcon } from '../ui/ShieldIcon';
import { DiceRing } from './DiceRing';
import styles from './Dice.module.css';

export type DiceRef = ActorRefFrom<typeof diceMachine>;

/** Coins with 8 decimals, or dollars in fiat display (docs/product.md §9). */
const shown = (amount: number, fiat: boolean) => (fiat ? formatFiat(amount) : formatCrypto(amount));

/**
 * The dice screen (docs/product.md §2 Dice): the ring with its slider, the odds fields, and the bet panel.
 * It renders the dice actor's snapshot and sends it what the player does; every rule is the machine's.
 */
export function DiceGame({ dice }: { dice: DiceRef }) {
  const modals = useModalStackRef();
  const wallet = useSelector(dice, (s) => s.context.wallet);
  const fiat = wallet.fiatRate !== null;
  const amountText = useSelector(dice, selectAmountText);
  const chance = useSelector(dice, selectChance);
  const multiplier = useSelector(dice, selectMultiplier);
  const target = useSelector(dice, selectTarget);
  const tone = useSelector(dice, selectRingTone);
  const resultText = useSelector(dice, selectResultText);
  const roll = useSelector(dice, (s) => selectResult(s)?.roll ?? null);
  const revealed = useSelector(dice, selectRevealedBet);
  const profit = useSelector(dice, selectProfitOnWin);
  const maxPayout = useSelector(dice, selectMaxPayout);
  const notBettable = useSelector(dice, selectCurrencyNotBettable);
  const canBet = useSelector(dice, selectCanBet);
  const placing = useSelector(dice, selectIsPlacing);
  const message = useSelector(dice, selectMessage);
  const multiplierText = useSelector(dice, selectMultiplierText);
  const chanceText = useSelector(dice, selectChanceText);
  const auto = useSelector(dice, selectIsAuto);
  const autobet = useSelector(dice, selectAutobet) as AutobetRef | undefined;
  const canStartAuto = useSelector(dice, selectCanStartAuto);
  const running = useSelector(autobet, (s) => (s ? selectIsRunning(s) : false));
  useSpaceKey(() => mainAction());

  const unit = fiat ? null : <CurrencyIcon symbol={wallet.currency} size={16} />;
  const bet = () => dice.send({ type: 'user.bet' });
  // Bet, or in Auto mode Start autobet / Stop autobet.
  const mainAction = () => {
    if (!autobet) return bet();
    if (autobet.getSnapshot().hasTag('running')) return autobet.send({ type: 'user.stop' });
    if (selectStartBlocked(autobet.getSnapshot()) !== null) return undefined;
    return dice.send({ type: 'user.startAuto' });
  };
  const openFairness = () => modals.send({ type: 'user.openModal', name: 'Seed' });


  return (
    <div className={styles.screen}>
      <div className={styles.titleRow}>
        <h1 className={styles.title}>Dice</h1>
        <span className={styles.tagline}>Provably fair · 1% house edge · Space to bet</span>
      </div>
      <section className={styles.game} aria-label="Dice">
        <div className={styles.controls}>
          <ModeSwitch auto={auto} disabled={running} onChoose={(mode) => dice.send({ type: 'user.chooseMode', mode })} />
          <BetAmount
            value={amountText}
            currency={wallet.currency}
            fiat={fiat}
            disabled={running}
            onType={(text) => dice.send({ type: 'user.typeAmount', text })}
            onHalf={() => dice.send({ type: 'user.halveAmount' })}
            onDouble={() => dice.send({ type: 'user.doubleAmount' })}
          />
          <ReadOnly label="Profit on win" value={shown(profit, fiat)} unit={unit} />
          {autobet ? <AutobetSettingsForm autobet={autobet} currency={wallet.currency} fiat={fiat} /> : null}
          {autobet ? (
            <AutoButton autobet={autobet} canStart={canStartAuto} onStart={mainAction} onStop={mainAction} />
          ) : (
            <button type="button" className={styles.betButton} disabled={!canBet} onClick={bet} aria-keyshortcuts="Space" data-busy={placing ? 'true' : undefined}>
              {placing ? 'Rolling…' : 'Bet'}
            </button>
          )}
          {autobet ? <AutobetStatus autobet={autobet} /> : null}
          {message ? (
            <p className={styles.message} role="alert">
              {message}
            </p>
          ) : null}
          <RevealedSeed revealed={revealed} />
          <div className={styles.footRow}>
            <span className={styles.maxPayout}>
              Max payout{' '}
              <strong data-testid="max-payout">
                {notBettable ? '—' : maxPayout === null ? '…' : shown(maxPayout, fiat)} {fiat || notBettable ? '' : wallet.currency}
              </strong>
            </span>
            <button type="button" className={styles.fairness} onClick={openFairness}>
              <ShieldIcon size={16} /> Fairness
            </button>
          </div>
        </div>

        <div className={styles.stage}>
          <DiceRing
            chance={chance}
            target={target}
            tone={tone}
            resultText={resultText}
            roll={roll}
            multiplier={multiplier}
            busy={placing}
            onSlide={(value) => dice.send({ type: 'user.slideChance', chance: value })}
          />
          <div className={styles.odds}>
            <OddsField
              label="Multiplier"
              value={multiplierText}
              placeholder={selectMultiplierPlaceholder()}
              suffix="×"
              onType={(text) => dice.send({ type: 'user.typeMultiplier', text })}
            />
            <div className={styles.oddsField}>
              <span className={styles.label}>Roll {target === 'under' ? 'under' : 'over'}</span>
              <button
                type="button"
                className={styles.toggle}
                onClick={() => dice.send({ type: 'user.toggleTarget' })}
                aria-label={`Roll ${target} ${(target === 'under' ? chance : 100 - chance).toFixed(2)}: switch to roll ${target === 'under' ? 'over' : 'under'}`}
              >
                <span className={styles.toggleValue}>{(target === 'under' ? chance : 100 - chance).toFixed(2)}</span>
                <span className={styles.toggleIcon} aria-hidden="true">
                  ⇄
                </span>
              </button>
            </div>
            <OddsField
              label="Win chance"
              value={chanceText}
              placeholder={selectChancePlaceholder()}
              suffix="%"
              onType={(text) => dice.send({ type: 'user.typeChance', text })}
            />
          </div>
        </div>
      </section>
    </div>
  );
}

/** Start autobet, or Stop autobet while a run is on. */
function AutoButton({ autobet, canStart, onStart, onStop }: { autobet: AutobetRef; canStart: boolean; onStart: () => void; onStop: () => void }) {
  const running = useSelector(autobet, selectIsRunning);
  const finishing = useSelector(autobet, selectIsFinishing);
  const blocked = useSelector(autobet, selectStartBlocked);
  if (running) {
    return (
      <button type="button" className={styles.betButton} data-variant="stop" disabled={finishing} onClick={onStop} aria-keyshortcuts="Space">
        Stop autobet
      </button>
    );
  }
  return (
    <button type="button" className={styles.betButton} disabled={!canStart || blocked !== null} onClick={onStart} aria-keyshortcuts="Space">
      Start autobet
    </button>
  );
}

function ReadOnly({ label, value, unit }: { label: string; value: string; unit: React.ReactNode }) {
  const id = useId();
  return (
    <div className={styles.readOnly}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.readOnlyBox}>
        <input id={id} readOnly value={value} className={styles.readOnlyInput} tabIndex={-1} />
        {unit ? <span className={styles.readOnlyUnit}>{unit}</span> : null}
      </div>
    </div>
  );
}

interface OddsFieldProps {
  label: string;
  value: string;
  placeholder: string;
  suffix: string;
  onType: (text: string) => void;
}

function OddsField({ label, value, placeholder, suffix, onType }: OddsFieldProps) {
  const id = useId();
  return (
    <div className={styles.oddsField}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.oddsBox}>
        <input id={id} inputMode="decimal" autoComplete="off" value={value} placeholder={placeholder} className={styles.oddsInput} onChange={(e) => onType(e.target.value)} />
        <span className={styles.suffix} aria-hidden="true">
          {suffix}
        </span>
      </div>
    </div>
  );
}
