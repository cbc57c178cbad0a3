import type { MouseEvent, ReactNode } from 'react';
import { Link } from '../ui/Link';
import { CurrencyIcon } from '../ui/CurrencyIcon';
import styles from './BetsTable.module.css';
import { TabList } from '../ui/TabList';

export interface BetRow {
  id: number;
  gameName: string;
  playerName: string;
  wager: number;
  currency: string;
  multiplier: number;
  payout: number;
}

export interface BetsTab {
  id: string;
  label: string;
}

interface BetsTableProps {
  tabs: readonly BetsTab[];
  activeTab: string;
  onSelectTab: (id: string) => void;
  rows: readonly BetRow[];
  /** Amounts as the wallet shows them: crypto or dollars. */
  formatAmount: (amount: number, currency: string) => ReactNode;
  emptyText?: string;
  /** A click anywhere on a row opens that bet's page (issue 20); the game cell is its link for keyboards. */
  onOpenBet?: (id: number) => void;
}

/** docs/product.md §2 bets table: game, player, bet amount, multiplier, payout; the middle columns drop on phones. */
export function BetsTable({ tabs, activeTab, onSelectTab, rows, formatAmount, emptyText = 'No bets yet.', onOpenBet }: BetsTableProps) {
  // The game cell's link opens the bet itself; a click elsewhere on the row does the same.
  const openRow = (id: number) => (event: MouseEvent) => {
    if (onOpenBet && !(event.target as Element).closest('a')) onOpenBet(id);
  };
  return (
    <section className={styles.wrap} aria-label="Bets">
      <TabList label="Bets lists" tabs={tabs} selected={activeTab} classes={styles} onSelect={onSelectTab} />
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Player</th>
            <th scope="col" className={styles.wide}>
              Bet amount
            </th>
            <th scope="col" className={styles.wide}>
              Multiplier
            </th>
            <th scope="col" className={styles.num}>
              Payout
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={5} className={styles.empty}>
                {emptyText}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={styles.row} data-bet-id={row.id} data-opens={onOpenBet ? 'true' : undefined} onClick={openRow(row.id)}>
                <td>
                  <Link to="/bet/$betId" params={{ betId: String(row.id) }} className={styles.betLink} aria-label={`${row.gameName} bet #${row.id}: details`}>
                    {row.gameName}
                  </Link>
                </td>
                <td className={styles.player}>{row.playerName}</td>
                <td className={styles.wide}>
                  <span className={styles.amount}>
                    {formatAmount(row.wager, row.currency)} <CurrencyIcon symbol={row.currency} size={14} />
                  </span>
                </td>
                <td className={styles.wide}>{row.multiplier.toFixed(2)}×</td>
                <td className={styles.num}>
                  <span className={styles.amount} data-outcome={row.multiplier >= 1 ? 'win' : 'loss'}>
                    {formatAmount(row.payout, row.currency)} <CurrencyIcon symbol={row.currency} size={14} />
                  </span>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}
