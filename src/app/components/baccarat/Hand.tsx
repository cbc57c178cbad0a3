import { useSelector } from '@xstate/react';
import { selectHand, selectScore } from '../../../../machines/baccarat/selectors';
import type { BaccaratSide } from '../../../core/games/baccarat';
import { HIDDEN_CARD } from '../../../core/games/cards';
import { PlayingCard } from '../cards/PlayingCard';
import styles from './Baccarat.module.css';
import type { BaccaratRef } from './types';

const SIDE_NAMES: Record<BaccaratSide, string> = { player: 'Player', banker: 'Banker' };

/** One side's cards as they are dealt (face down while travelling, then turned) and its score. */
export function Hand({ actor, side, won }: { actor: BaccaratRef; side: BaccaratSide; won: boolean }) {
  const cards = useSelector(actor, selectHand(side), (a, b) => a.length === b.length && a.every((c, i) => c.faceUp === b[i]?.faceUp && c.card === b[i]?.card));
  const score = useSelector(actor, selectScore(side));
  return (
    <section className={styles.hand} data-side={side} data-won={won ? 'true' : undefined} aria-label={`${SIDE_NAMES[side]} hand`}>
      <header className={styles.handHeader}>
        <span className={styles.handName}>{SIDE_NAMES[side]}</span>
        <span className={styles.score} data-testid={`score-${side}`} aria-label={`${SIDE_NAMES[side]} score`}>
          {score ?? '–'}
        </span>
      </header>
      <div className={styles.cards} data-testid={`hand-${side}`}>
        {cards.length === 0 ? (
          <>
            <span className={styles.cardSlot} aria-hidden="true" />
            <span className={styles.cardSlot} aria-hidden="true" />
          </>
        ) : (
          cards.map((card, i) =>
            card.faceUp ? (
              <span key={`${i}-up`} className={styles.cardTurn} data-card={card.card}>
                <PlayingCard index={card.card} />
              </span>
            ) : (
              <span key={`${i}-down`} className={styles.cardArrive}>
                <PlayingCard index={HIDDEN_CARD} />
              </span>
            ),
          )
        )}
      </div>
    </section>
  );
}
