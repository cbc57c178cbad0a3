import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';

const all = <T>(db: Sql, text: string): Promise<T[]> => db.all<T>(text, [], BIGINT);

/**
 * The token economy's bookkeeping beside the ledger, for checkLedger:
 * 1. each player's unclaimed-rewards account holds exactly their rewards paid less claimed;
 * 2. each bankroll pool's total shares are the sum of its positions' shares.
 */
export async function tokenViolations(db: Sql): Promise<string[]> {
  const violations: string[] = [];
  const rewards = await all<{ holder: string; currency: string; balance: bigint; owed: bigint }>(
    db,
    `SELECT a.holder, a.currency, a.balance, COALESCE(r.total - r.claimed, 0) AS owed
     FROM ledger_accounts a LEFT JOIN staking_rewards r ON r.user_id = a.user_id AND r.currency = a.currency
     WHERE a.holder LIKE 'staking_rewards:%' AND a.balance <> COALESCE(r.total - r.claimed, 0)`,
  );
  for (const row of rewards) violations.push(`${row.holder}/${row.currency} holds ${row.balance} but ${row.owed} rewards are unclaimed`);
  const shares = await all<{ currency: string; total: bigint; sum: bigint }>(
    db,
    `SELECT p.currency, p.total_shares AS total, COALESCE(SUM(s.shares), 0) AS sum
     FROM bankroll_pools p LEFT JOIN bankroll_positions s ON s.currency = p.currency
     GROUP BY p.currency HAVING p.total_shares <> COALESCE(SUM(s.shares), 0)`,
  );
  for (const row of shares) violations.push(`bankroll pool ${row.currency} counts ${row.total} shares but its positions hold ${row.sum}`);
  return violations;
}
