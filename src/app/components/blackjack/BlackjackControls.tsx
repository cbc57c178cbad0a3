import { useSelector } from '@xstate/react';
import { selectAmountLocked, selectAmountText, selectMessage, selectPlacing, selectRevealedBet } from '../../../../machines/blackjack/selectors';
import { useModalStackRef } from '../../actors/AppActor';
import { BetAmount } from '../game/BetAmount';
import { RevealedSeed } from '../game/RevealedSeed';
import { ShieldIcon } from '../ui/ShieldIcon';
import type { BlackjackRef, BlackjackSnapshot } from './blackjackRef';
import styles from './BlackjackControls.module.css';

type ActionEvent = { type: 'user.hit' } | { type: 'user.stand' } | { type: 'user.split' } | { type: 'user.double' };

/** The four actions in the order of the table's buttons, with their keyboard shortcut. */
const ACTIONS: ReadonlyArray<{ label: string; key: string; event: ActionEvent }> = [
  { label: 'HIT', key: 'H', event: { type: 'user.hit' } },
  { label: 'STAND', key: 'S', event: { type: 'user.stand' } },
  { label: 'SPLIT', key: 'P', event: { type: 'user.split' } },
  { label: 'DOUBLE', key: 'D', event: { type: 'user.double' } },
];

const selectCurrency = (s: BlackjackSnapshot) => s.context.wallet.currency;
const selectFiat = (s: BlackjackSnapshot) => s.context.wallet.fiatRate !== null;
const selectCanBet = (s: BlackjackSnapshot) => s.can({ type: 'user.bet' });
/** Which actions the machine would take now (its guards are the rules). */
const selectEnabled = (s: BlackjackSnapshot) => ACTIONS.map((action) => (s.can(action.event) ? '1' : '0')).join('');

/** Bet amount, HIT / STAND / SPLIT / DOUBLE, the Bet button, its message, and the fairness button. */
export function BlackjackControls({ actor }: { actor: BlackjackRef }) {
  const modals = useModalStackRef();
  const amount = useSelector(actor, selectAmountText);
  const currency = useSelector(actor, selectCurrency);
  const fiat = useSelector(actor, selectFiat);
  const locked = useSelector(actor, selectAmountLocked);
  const placing = useSelector(actor, selectPlacing);
  const canBet = useSelector(actor, selectCanBet);
  const enabled = useSelector(actor, selectEnabled);
  const message = useSelector(actor, selectMessage);
  const revealed = useSelector(actor, selectRevealedBet);

  return (
    <div className={styles.panel}>
      <BetAmount
        value={amount}
        currency={currency}
        fiat={fiat}
        disabled={locked}
        onType={(text) => actor.send({ type: 'user.typeAmount', text })}
        onHalf={() => actor.send({ type: 'user.halveAmount' })}
        onDouble={() => actor.send({ type: 'user.doubleAmount' })}
      />
      <div className={styles.actions} role="group" aria-label="Actions">
        {ACTIONS.map((action, index) => (
          <button
            key={action.label}
            type="button"
            className={styles.action}
            disabled={enabled[index] !== '1'}
            aria-keyshortcuts={action.key}
            onClick={() => actor.send(action.event)}
          >
            <span>{action.label}</span>
            <kbd className={styles.key} aria-hidden="true">
              {action.key}
            </kbd>
          </button>
        ))}
      </div>
      <button type="button" className={styles.bet} disabled={!canBet} onClick={() => actor.send({ type: 'user.bet' })}>
        {placing ? 'Dealing…' : 'Bet'}
      </button>
      <p className={styles.message} role="alert">
        {message ?? ''}
      </p>
      <RevealedSeed revealed={revealed} />
      <button
        type="button"
        className={styles.fairness}
        onClick={() => modals.send({ type: 'user.openModal', name: 'Seed' })}
      >
        <ShieldIcon size={16} />
        Fairness
      </button>
    </div>
  );
}
