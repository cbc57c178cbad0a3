import { useSelector } from '@xstate/react';
import type { BaccaratArea } from '../../../../machines/baccarat/machine';
import {
  selectCanBet,
  selectCanClear,
  selectIsRunning,
  selectMessage,
  selectOutcome,
  selectOutcomeMessage,
  selectRevealedBet,
  selectScore,
  selectTotalBet,
  selectWinPopup,
} from '../../../../machines/baccarat/selectors';
import { formatCrypto, formatFiat, cryptoToFiat } from '../../../core/money';
import { useModalStackRef } from '../../actors/AppActor';
import { useSpaceKey } from '../../adapters/screenHooks';
import { RevealedSeed } from '../game/RevealedSeed';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import { BettingAreas } from './BettingAreas';
import { ChipSelector } from './ChipSelector';
import { displayAmount } from './format';
import { Hand } from './Hand';
import styles from './Baccarat.module.css';
import type { BaccaratRef } from './types';

/** The side that took the round once it is over (null while dealing or before any round). */
function selectWinner(s: ReturnType<BaccaratRef['getSnapshot']>): BaccaratArea | null {
  if (!s.hasTag('result')) return null;
  const player = selectScore('player')(s) ?? 0;
  const banker = selectScore('banker')(s) ?? 0;
  return player > banker ? 'player' : banker > player ? 'banker' : 'tie';
}

/** The baccarat screen: controls on one side, the felt with the hands and the betting areas on the other. */
export function BaccaratGame({ actor }: { actor: BaccaratRef }) {
  const winner = useSelector(actor, selectWinner);
  return (
    <section className={styles.game} aria-label="Baccarat">
      <Controls actor={actor} />
      <div className={styles.felt}>
        <div className={styles.hands}>
          <Hand actor={actor} side="player" won={winner === 'player'} />
          <Outcome actor={actor} />
          <Hand actor={actor} side="banker" won={winner === 'banker'} />
        </div>
        <p className={styles.feltRule} aria-hidden="true">
          Banker pays 0.95 to 1 · Tie pays 8 to 1
        </p>
        <BettingAreas actor={actor} winner={winner} />
        <WinPopup actor={actor} />
      </div>
    </section>
  );
}

function Controls({ actor }: { actor: BaccaratRef }) {
  const modals = useModalStackRef();
  const canBet = useSelector(actor, selectCanBet);
  const canClear = useSelector(actor, selectCanClear);
  const running = useSelector(actor, selectIsRunning);
  const total = useSelector(actor, selectTotalBet);
  // Space bets the chips placed (the machine decides whether it applies).
  useSpaceKey(() => actor.send({ type: 'user.bet' }));
  const wallet = useSelector(actor, (s) => s.context.wallet);
  const message = useSelector(actor, selectMessage);
  const revealed = useSelector(actor, selectRevealedBet);
  const fiat = wallet.fiatRate !== null;
  return (
    <div className={styles.controls}>
      <ChipSelector actor={actor} />
      <div className={styles.totalBet}>
        <span className={styles.label}>Total bet</span>
        <span className={styles.totalValue} data-testid="total-bet">
          {fiat ? <span className={styles.dollar}>$</span> : <CurrencyIcon symbol={wallet.currency} size={18} />}
          {fiat ? displayAmount(total, true).replace(/^\$/, '') : displayAmount(total, false)}
        </span>
      </div>
      <button
        type="button"
        className={styles.betButton}
        data-busy={running ? 'true' : undefined}
        disabled={!canBet}
        onClick={() => actor.send({ type: 'user.bet' })}
        aria-keyshortcuts="Space"
      >
        Bet
      </button>
      <div className={styles.secondary}>
        <button type="button" className={styles.ghostButton} disabled={!canClear} onClick={() => actor.send({ type: 'user.clear' })}>
          Clear
        </button>
        <button
          type="button"
          className={styles.ghostButton}
          onClick={() => modals.send({ type: 'user.openModal', name: 'Seed' })}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.9-4.9 1.4 1.4-6.3 6.3Z" fill="currentColor" />
          </svg>
          Fairness
        </button>
      </div>
      <RevealedSeed revealed={revealed} />
      <p className={styles.message} role="alert" data-testid="baccarat-message">
        {message}
      </p>
    </div>
  );
}

function Outcome({ actor }: { actor: BaccaratRef }) {
  const outcome = useSelector(actor, selectOutcome);
  const text = useSelector(actor, selectOutcomeMessage);
  return (
    <div className={styles.outcome} role="status" data-outcome={outcome ?? undefined} data-testid="baccarat-outcome">
      {text ? <span className={styles.outcomeText}>{text}</span> : <span className={styles.vs}>VS</span>}
    </div>
  );
}

function WinPopup({ actor }: { actor: BaccaratRef }) {
  const popup = useSelector(actor, selectWinPopup);
  const fiatRate = useSelector(actor, (s) => s.context.wallet.fiatRate);
  if (!popup) return null;
  return (
    <div className={styles.winPopup} role="dialog" aria-label="You won" data-testid="win-popup">
      <span className={styles.winMultiplier}>{popup.multiplier.toFixed(2)}×</span>
      <span className={styles.winAmount}>
        {fiatRate === null ? (
          <>
            <CurrencyIcon symbol={popup.currency} size={16} />
            {formatCrypto(popup.amount)}
          </>
        ) : (
          formatFiat(cryptoToFiat(popup.amount, fiatRate))
        )}
      </span>
      <button type="button" className={styles.winClose} aria-label="Close" onClick={() => actor.send({ type: 'user.closeWinPopup' })}>
        ×
      </button>
    </div>
  );
}
