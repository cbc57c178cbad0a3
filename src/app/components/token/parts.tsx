import type { ReactNode } from 'react';
import styles from './Token.module.css';
import { CurrencyIcon } from '../ui/CurrencyIcon';

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

/** The head of the Earn, Staking and Mining screens: the screen's name as h1, a title and a lead. */
export function PageHero({ id, kicker, title, children }: { id: string; kicker: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.hero} aria-labelledby={id}>
      <h1 id={id} className={styles.kicker}>
        {kicker}
      </h1>
      <p className={styles.title}>{title}</p>
      <p className={styles.lead}>{children}</p>
    </section>
  );
}

/** A titled card of a token screen; `actions` (a button, tabs, a figure) sit at the right of its head. */
export function Card({ id, title, actions, children }: { id: string; title: ReactNode; actions?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <div className={styles.cardHead}>
        <h2 id={id} className={styles.cardTitle}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** The first cell of a pool, position or reward row: the currency's icon and symbol. */
export function CurrencyCell({ currency }: { currency: string }) {
  return (
    <td>
      <span className={styles.currency}>
        <CurrencyIcon symbol={currency} /> {currency}
      </span>
    </td>
  );
}

/** Class of a numeric column that phones drop (the tables keep only what fits 375 px). */
export const wideNum = `${styles.num} ${styles.hideMobile}`;

/** A column of a token screen's table: numbers align right, and `wide` ones are dropped on phones. */
export interface Column {
  label: ReactNode;
  num?: boolean;
  wide?: boolean;
}

/** The last column of a table whose rows end in a button: named for screen readers only. */
export const actionsColumn: Column = { label: <span className="visually-hidden">Actions</span>, num: true };

/** A token screen's table, scrolling sideways in its card; `after` shows under it (a loading line). */
export function Table({ columns, after, children }: { columns: readonly Column[]; after?: ReactNode; children: ReactNode }) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} className={column.wide ? wideNum : column.num ? styles.num : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {after}
    </div>
  );
}

// Made on first use: building an Intl formatter loads its locale data, which a page's first paint does not need.
let whole: Intl.NumberFormat | undefined;
let compact: Intl.NumberFormat | undefined;

/** Large token counts (supplies, levels) with thousands separators, no decimals. */
export const formatWhole = (n: number): string => (whole ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })).format(Math.floor(n));
/** A count with up to 2 decimals (difficulty, mined totals). */
export const formatShort = (n: number): string => (compact ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })).format(n);
/** A dollar price that may be below a cent (ACC at $0.05). */
export const formatPrice = (n: number): string => `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;
