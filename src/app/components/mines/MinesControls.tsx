import { useSelector } from '@xstate/react';
import { useId } from 'react';
import {
  selectAmountText,
  selectCanBet,
  selectCanCashout,
  selectCanHalveOrDouble,
  selectCashingOut,
  selectCurrentProfit,
  selectGemsCount,
  selectGemsFound,
  selectIsPlaying,
  selectMessage,
  selectMinesCount,
  selectNextProfit,
  selectPlacing,
  selectRevealedBet,
  selectAutobet,
  selectAutoTiles,
  selectCanStartAuto,
  selectIsAuto,
} from '../../../../machines/mines/selectors';
import { selectIsFinishing, selectIsRunning, selectStartBlocked } from '../../../../machines/autobet/selectors';
import { AutobetSettingsForm, AutobetStatus, ModeSwitch } from '../game/Autobet';
import type { AutobetRef } from '../game/Autobet';
import type { ProfitLine } from '../../../../machines/mines/selectors';
import { MAX_MINES, MIN_MINES, minesMultiplier } from '../../../core/games/mines';
import { formatCrypto, formatFiat } from '../../../core/money';
import { BetAmount } from '../game/BetAmount';
import { RevealedSeed } from '../game/RevealedSeed';
import { useSpaceKey } from '../../adapters/screenHooks';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import { GemArt, MineArt } from '../game/MinesArt';
import type { MinesRef, MinesSnapshot } from './minesRef';
import styles from './MinesControls.module.css';

const selectCurrency = (s: MinesSnapshot) => s.context.round?.currency ?? s.context.wallet.currency;
const selectFiat = (s: MinesSnapshot) => s.context.wallet.fiatRate !== null;
const selectCanEditAmount = (s: MinesSnapshot) => s.can({ type: 'user.typeAmount', text: s.context.amountText });
const selectCanSetMines = (s: MinesSnapshot) => s.can({ type: 'user.setMinesCount', count: s.context.minesCount });
/** Outside a game the next line shows what the first gem would pay on the chosen board. */
const selectIdleNextMultiplier = (s: MinesSnapshot) => minesMultiplier(selectMinesCount(s), 1);


const sameLine = (a: ProfitLine | null, b: ProfitLine | null) => a?.multiplier === b?.multiplier && a?.profit === b?.profit;

/**
 * The left panel of the mines screen: bet amount, the mines/gems selector with its slider, current
 * and next profit, Bet or Cashout, and the refusal message. Renders the snapshot and sends events.
 */
export function MinesControls({ actor }: { actor: MinesRef }) {
  const sliderId = useId();
  const amountText = useSelector(actor, selectAmountText);
  const currency = useSelector(actor, selectCurrency);
  const fiat = useSelector(actor, selectFiat);
  const canEditAmount = useSelector(actor, selectCanEditAmount);
  const canHalveOrDouble = useSelector(actor, selectCanHalveOrDouble);
  const minesCount = useSelector(actor, selectMinesCount);
  const gemsCount = useSelector(actor, selectGemsCount);
  const gemsFound = useSelector(actor, selectGemsFound);
  const canSetMines = useSelector(actor, selectCanSetMines);
  const playing = useSelector(actor, selectIsPlaying);
  const placing = useSelector(actor, selectPlacing);
  const cashingOut = useSelector(actor, selectCashingOut);
  const canBet = useSelector(actor, selectCanBet);
  const canCashout = useSelector(actor, selectCanCashout);
  const current = useSelector(actor, selectCurrentProfit, sameLine);
  const next = useSelector(actor, selectNextProfit, sameLine);
  const idleNextMultiplier = useSelector(actor, selectIdleNextMultiplier);
  const message = useSelector(actor, selectMessage);
  const revealed = useSelector(actor, selectRevealedBet);
  const auto = useSelector(actor, selectIsAuto);
  const autobet = useSelector(actor, selectAutobet) as AutobetRef | undefined;
  const running = useSelector(autobet, (s) => (s ? selectIsRunning(s) : false));
  const finishing = useSelector(autobet, (s) => (s ? selectIsFinishing(s) : false));
  const startBlocked = useSelector(autobet, (s) => (s ? selectStartBlocked(s) : null));
  const canStartAuto = useSelector(actor, selectCanStartAuto);
  const autoTiles = useSelector(actor, selectAutoTiles);
  // Space: Bet, or Cashout during a round (the machine decides whether it applies); Auto has its own buttons.
  useSpaceKey(() => {
    if (!auto) actor.send(playing ? { type: 'user.cashout' } : { type: 'user.bet' });
  });

  const money = (amount: number) => (fiat ? formatFiat(amount) : formatCrypto(amount));

  return (
    <div className={styles.panel}>
      <ModeSwitch auto={auto} disabled={running || playing} onChoose={(mode) => actor.send({ type: 'user.chooseMode', mode })} />
      <BetAmount
        value={amountText}
        currency={currency}
        fiat={fiat}
        disabled={!canEditAmount || running}
        onType={(text) => actor.send({ type: 'user.typeAmount', text })}
        onHalf={() => canHalveOrDouble && actor.send({ type: 'user.halveAmount' })}
        onDouble={() => canHalveOrDouble && actor.send({ type: 'user.doubleAmount' })}
      />

      <div className={styles.selector} data-locked={canSetMines ? undefined : 'true'}>
        <div className={styles.counts}>
          <div className={styles.count} data-kind="mines">
            <span className={styles.countArt}>
              <MineArt size={26} />
            </span>
            <span className={styles.countText}>
              <span className={styles.countLabel}>Mines</span>
              <output className={styles.countValue} htmlFor={sliderId} aria-label="Mines count">
                {minesCount}
              </output>
            </span>
          </div>
          <div className={styles.count} data-kind="gems">
            <span className={styles.countArt}>
              <GemArt size={26} />
            </span>
            <span className={styles.countText}>
              <span className={styles.countLabel}>Gems</span>
              <output className={styles.countValue} htmlFor={sliderId} aria-label="Gems count">
                {playing ? `${gemsFound}/${gemsCount}` : gemsCount}
              </output>
            </span>
          </div>
        </div>
        <label htmlFor={sliderId} className="visually-hidden">
          Mines
        </label>
        <input
          id={sliderId}
          className={styles.slider}
          type="range"
          min={MIN_MINES}
          max={MAX_MINES}
          step={1}
          value={minesCount}
          disabled={!canSetMines || running}
          style={{ '--fill': `${((minesCount - MIN_MINES) / (MAX_MINES - MIN_MINES)) * 100}%` } as React.CSSProperties}
          onChange={(event) => actor.send({ type: 'user.setMinesCount', count: Number(event.target.value) })}
        />
        <div className={styles.scale} aria-hidden="true">
          <span>{MIN_MINES}</span>
          <span>{MAX_MINES}</span>
        </div>
      </div>

      <div className={styles.profits}>
        <ProfitRow
          label="Current profit"
          multiplier={current?.multiplier ?? 1}
          value={current ? money(current.profit) : money(0)}
          currency={currency}
          fiat={fiat}
        />
        <ProfitRow
          label="Next tile"
          multiplier={next?.multiplier ?? (playing ? null : idleNextMultiplier)}
          value={next ? money(next.profit) : money(0)}
          currency={currency}
          fiat={fiat}
        />
      </div>

      {autobet ? (
        <>
          <p className={styles.autoTiles} data-testid="auto-tiles">
            {autoTiles.length === 0 ? 'Choose the tiles to pick on the board.' : `${autoTiles.length} ${autoTiles.length === 1 ? 'tile' : 'tiles'} picked in order each round, then cash out.`}
          </p>
          <AutobetSettingsForm autobet={autobet} currency={currency} fiat={fiat} />
        </>
      ) : null}

      {autobet && running ? (
        <button type="button" className={styles.cashout} disabled={finishing} onClick={() => autobet.send({ type: 'user.stop' })}>
          Stop autobet
        </button>
      ) : autobet ? (
        <button type="button" className={styles.bet} disabled={!canStartAuto || startBlocked !== null} onClick={() => actor.send({ type: 'user.startAuto' })}>
          Start autobet
        </button>
      ) : playing ? (
        <button
          type="button"
          className={styles.cashout}
          disabled={!canCashout}
          onClick={() => actor.send({ type: 'user.cashout' })}
          aria-keyshortcuts="Space"
        >
          {cashingOut ? 'Cashing out…' : 'Cashout'}
        </button>
      ) : (
        <button type="button" className={styles.bet} disabled={!canBet} onClick={() => actor.send({ type: 'user.bet' })} aria-keyshortcuts="Space">
          {placing ? 'Betting…' : 'Bet'}
        </button>
      )}
      {autobet ? <AutobetStatus autobet={autobet} /> : null}

      <p className={styles.message} role="alert">
        {message}
      </p>
      <RevealedSeed revealed={revealed} />
    </div>
  );
}

interface ProfitRowProps {
  label: string;
  multiplier: number | null;
  value: string;
  currency: string;
  fiat: boolean;
}

function ProfitRow({ label, multiplier, value, currency, fiat }: ProfitRowProps) {
  return (
    <div className={styles.profit}>
      <span className={styles.profitLabel}>
        {label} <span className={styles.profitMultiplier}>({multiplier === null ? '—' : `${multiplier.toFixed(2)}×`})</span>
      </span>
      <span className={styles.profitValue} aria-label={`${label}: ${value}${fiat ? '' : ` ${currency}`}`}>
        {!fiat && <CurrencyIcon symbol={currency} size={16} />}
        <span>{value}</span>
      </span>
    </div>
  );
}
