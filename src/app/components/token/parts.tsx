import type { ReactNode } from 'react';
import styles from './Token.module.css';

/** A figure on a token page; `value` null while it loads. */
export function Stat({ label, value, hint, highlight, testId }: { label: string; value: ReactNode | null; hint?: ReactNode; highlight?: boolean; testId?: string }) {
  return (
    <div className={`${styles.stat} ${highlight ? styles.highlight : ''}`}>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue} data-testid={testId}>
        {value === null ? <span className={styles.skeleton} aria-label="Loading" /> : value}
      </p>
      {hint ? <p className={styles.statHint}>{hint}</p> : null}
    </div>
  );
}

export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className={styles.alert} role="alert">
      <span>{what} could not be loaded.</span>
      <button type="button" className={`${styles.buttonGhost} ${styles.small}`} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const compact = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Large token counts (supplies, levels) with thousands separators, no decimals. */
export const formatWhole = (n: number): string => whole.format(Math.floor(n));
/** A count with up to 2 decimals (difficulty, mined totals). */
export const formatShort = (n: number): string => compact.format(n);
/** A dollar price that may be below a cent (ACC at $0.05). */
export const formatPrice = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
