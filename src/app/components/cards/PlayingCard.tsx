import { describeCard, HIDDEN_CARD } from '../../../core/games/cards';
import type { Rank, Suit } from '../../../core/games/cards';
import styles from './PlayingCard.module.css';

const RANK_LABEL: Record<Rank, string> = {
  Two: '2', Three: '3', Four: '4', Five: '5', Six: '6', Seven: '7', Eight: '8', Nine: '9', Ten: '10',
  Jack: 'J', Queen: 'Q', King: 'K', Ace: 'A', Hidden: '',
};

const SUIT_PATH: Record<Suit, string> = {
  Hearts: 'M12 21s-8-5.2-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 10c0 5.8-8 11-8 11Z',
  Diamonds: 'M12 2.5 19.5 12 12 21.5 4.5 12Z',
  Spades: 'M12 2.5S4 8.6 4 13.4a4 4 0 0 0 6.7 3 9 9 0 0 1-2 4.6h6.6a9 9 0 0 1-2-4.6 4 4 0 0 0 6.7-3C20 8.6 12 2.5 12 2.5Z',
  Clubs: 'M12 3a3.9 3.9 0 0 0-3.1 6.3 3.9 3.9 0 1 0 1.5 6.9 9 9 0 0 1-2.1 4.8h7.4a9 9 0 0 1-2.1-4.8 3.9 3.9 0 1 0 1.5-6.9A3.9 3.9 0 0 0 12 3Z',
};

export function SuitGlyph({ suit, size = 16 }: { suit: Suit; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={SUIT_PATH[suit]} fill="currentColor" />
    </svg>
  );
}

/** One card drawn in SVG and CSS from its index (docs/product.md §3); index 52 is the face-down hole card. */
export function PlayingCard({ index, size = 'md' }: { index: number; size?: 'sm' | 'md' }) {
  const card = describeCard(index);
  if (index === HIDDEN_CARD || card.suit === null) {
    return (
      <div className={styles.card} data-size={size} data-face="down" role="img" aria-label="Face-down card">
        <svg className={styles.back} viewBox="0 0 60 84" aria-hidden="true" focusable="false">
          <defs>
            <pattern id="card-back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
              <rect width="8" height="8" fill="#3b2fa8" />
              <rect width="4" height="8" fill="#4a3dc4" />
            </pattern>
          </defs>
          <rect x="3" y="3" width="54" height="78" rx="5" fill="url(#card-back)" stroke="#8f82ff" strokeWidth="1.5" />
          <path d="M30 30 40 42 30 54 20 42Z" fill="#0a0f1e" stroke="#ffc94d" strokeWidth="1.5" />
        </svg>
      </div>
    );
  }
  const red = card.suit === 'Hearts' || card.suit === 'Diamonds';
  const label = RANK_LABEL[card.rank];
  return (
    <div
      className={styles.card}
      data-size={size}
      data-color={red ? 'red' : 'black'}
      role="img"
      aria-label={`${card.rank} of ${card.suit}`}
    >
      <span className={styles.corner}>
        <span className={styles.rank}>{label}</span>
        <SuitGlyph suit={card.suit} size={size === 'sm' ? 10 : 13} />
      </span>
      <span className={styles.center}>
        <SuitGlyph suit={card.suit} size={size === 'sm' ? 22 : 32} />
      </span>
      <span className={`${styles.corner} ${styles.cornerFlip}`}>
        <span className={styles.rank}>{label}</span>
        <SuitGlyph suit={card.suit} size={size === 'sm' ? 10 : 13} />
      </span>
    </div>
  );
}
