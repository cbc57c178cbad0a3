import { useSelector } from '@xstate/react';
import type { CSSProperties } from 'react';
import { selectOutcome, selectRevealing, selectTable } from '../../../../machines/blackjack/selectors';
import type { RoundOutcome, ShownHand } from '../../../../machines/blackjack/selectors';
import { blackjackTotal, HIDDEN_CARD } from '../../../core/games/cards';
import { amountWithUnit } from '../../format';
import { PlayingCard } from '../cards/PlayingCard';
import { handResult } from './blackjackRef';
import type { BlackjackRef, BlackjackSnapshot, HandResult } from './blackjackRef';
import styles from './BlackjackTable.module.css';

/** Deal order of the first four cards (player, dealer, player, hole card): each slides in a beat later. */
const DEAL_STEP_MS = 110;

const RESULT_LABEL: Record<HandResult, string> = { blackjack: 'Blackjack', win: 'Win', tie: 'Tie', lose: 'Lose' };

const selectFiatRate = (s: BlackjackSnapshot) => s.context.wallet.fiatRate ?? undefined;
const selectCurrency = (s: BlackjackSnapshot) => s.context.game?.currency ?? s.context.wallet.currency;
/** Total returned minus total staked, once the result is shown. */
const selectNet = (s: BlackjackSnapshot) => {
  const game = s.context.game;
  if (!game || !s.hasTag('result')) return 0;
  return (Math.round((game.resultAmount + game.resultAmount2) * 1e8) - Math.round((game.betAmount + game.betAmount2) * 1e8)) / 1e8;
};

const tableEqual = (a: ReturnType<typeof selectTable>, b: ReturnType<typeof selectTable>) => JSON.stringify(a) === JSON.stringify(b);

/** The felt: the dealer's row, one or two player hands, scores, and each hand's result after the reveal. */
export function BlackjackTable({ actor }: { actor: BlackjackRef }) {
  const table = useSelector(actor, selectTable, tableEqual);
  const revealing = useSelector(actor, selectRevealing);
  const outcome = useSelector(actor, selectOutcome);
  const net = useSelector(actor, selectNet);
  const fiatRate = useSelector(actor, selectFiatRate);
  const currency = useSelector(actor, selectCurrency);

  return (
    <div className={styles.felt} role="region" aria-label="Blackjack table">
      <div className={styles.shoe} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <section className={styles.dealer} aria-label="Dealer's hand">
        <div className={styles.cards} data-testid="dealer-cards">
          {table ? (
            table.dealer.map((card, position) => (
              <CardSlot
                key={`${position}-${card}`}
                card={card}
                delay={position < 2 ? (position * 2 + 1) * DEAL_STEP_MS : 0}
                flip={position === 1 && card !== HIDDEN_CARD}
              />
            ))
          ) : (
            <EmptySpots />
          )}
        </div>
        <div className={styles.label}>
          <span>Dealer</span>
          {table?.dealerScore ? (
            <span className={styles.score} data-testid="dealer-score" data-bust={isBust(table.dealer) ? 'true' : undefined}>
              {table.dealerScore}
            </span>
          ) : null}
        </div>
      </section>

      <div className={styles.middle}>
        {outcome ? (
          <Outcome outcome={outcome} net={net} currency={currency} fiatRate={fiatRate} />
        ) : (
          <svg className={styles.rules} viewBox="0 0 400 80" aria-hidden="true" focusable="false">
            <path id="bj-arc" d="M20 70 Q200 -10 380 70" fill="none" />
            <text>
              <textPath href="#bj-arc" startOffset="50%" textAnchor="middle">
                BLACKJACK PAYS 3 TO 2
              </textPath>
            </text>
            <text x="200" y="72" textAnchor="middle" className={styles.rulesSmall}>
              {revealing ? 'DEALER PLAYS' : 'DEALER STANDS ON ALL 17s'}
            </text>
          </svg>
        )}
      </div>

      <div className={styles.player} data-split={table && table.hands.length > 1 ? 'true' : undefined}>
        {table ? (
          table.hands.map((hand, index) => (
            <Hand key={index} hand={hand} index={index} split={table.hands.length > 1} currency={currency} fiatRate={fiatRate} />
          ))
        ) : (
          <section className={styles.hand} aria-label="Your hand">
            <div className={styles.cards}>
              <EmptySpots />
            </div>
            <p className={styles.hint}>Place a bet to deal</p>
          </section>
        )}
      </div>
    </div>
  );
}

function isBust(cards: number[]): boolean {
  return blackjackTotal(cards).total > 21;
}

function Hand({ hand, index, split, currency, fiatRate }: { hand: ShownHand; index: number; split: boolean; currency: string; fiatRate: number | undefined }) {
  const result = handResult(hand);
  const bust = isBust(hand.cards);
  return (
    <section
      className={styles.hand}
      aria-label={split ? `Hand ${index + 1}` : 'Your hand'}
      aria-current={hand.active ? 'true' : undefined}
      data-active={hand.active ? 'true' : undefined}
      data-result={result ?? undefined}
      data-testid={`hand-${index}`}
    >
      <div className={styles.cards}>
        {hand.cards.map((card, position) => (
          <CardSlot key={`${position}-${card}`} card={card} delay={position < 2 && !split ? position * 2 * DEAL_STEP_MS : 0} />
        ))}
      </div>
      <div className={styles.label}>
        {split ? <span>Hand {index + 1}</span> : null}
        <span className={styles.score} data-testid={`hand-score-${index}`} data-bust={bust ? 'true' : undefined}>
          {hand.score}
          {bust ? ' · Bust' : ''}
        </span>
        <span className={styles.bet}>{amountWithUnit(hand.bet, currency, fiatRate)}</span>
      </div>
      {result ? (
        <span className={styles.result} data-result={result} data-testid={`hand-result-${index}`}>
          {RESULT_LABEL[result]}
        </span>
      ) : null}
    </section>
  );
}

function CardSlot({ card, delay, flip = false }: { card: number; delay: number; flip?: boolean }) {
  return (
    <div className={styles.slot} data-flip={flip ? 'true' : undefined} style={{ '--deal-delay': `${delay}ms` } as CSSProperties}>
      <PlayingCard index={card} />
    </div>
  );
}

function EmptySpots() {
  return (
    <>
      <div className={styles.spot} aria-hidden="true" />
      <div className={styles.spot} aria-hidden="true" />
    </>
  );
}

function Outcome({ outcome, net, currency, fiatRate }: { outcome: RoundOutcome; net: number; currency: string; fiatRate: number | undefined }) {
  const title = outcome === 'won' ? 'You won' : outcome === 'lost' ? 'You lost' : 'Push';
  const amount = amountWithUnit(Math.abs(net), currency, fiatRate);
  return (
    <div className={styles.outcome} data-outcome={outcome} role="status" data-testid="round-outcome">
      <strong>{title}</strong>
      {outcome === 'push' ? <span>Your stake is returned</span> : <span>{`${outcome === 'won' ? '+' : '−'}${amount}`}</span>}
    </div>
  );
}
