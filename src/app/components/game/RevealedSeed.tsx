import { Link } from '../ui/Link';
import styles from './RevealedSeed.module.css';

/** A settled bet whose server seed instant reveal made public (each game's `selectRevealedBet`). */
export interface RevealedBet {
  betId: number;
  serverSeed: string;
}

/**
 * Instant reveal (docs/product.md, seed modes): the last settled bet's server seed, shortened with the
 * whole seed as its title, and a link to the bet's page, which verifies it at once. Nothing in classic mode.
 */
export function RevealedSeed({ revealed }: { revealed: RevealedBet | null }) {
  if (!revealed) return null;
  return (
    <p className={styles.revealed}>
      <span>
        Server seed revealed <code title={revealed.serverSeed}>{revealed.serverSeed.slice(0, 10)}…</code>
      </span>
      <Link to="/bet/$betId" params={{ betId: String(revealed.betId) }} className={styles.verifyLink}>
        Verify bet #{revealed.betId}
      </Link>
    </p>
  );
}
