import { unitsToDecimalString } from '../../core/money';
import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';

/**
 * A player's statistics in one currency (issue 20), straight from the bets table: this session's
 * (bets placed since the session began) and all time's, and the profit of the last bets for the chart.
 */
export interface Totals {
  bets: number;
  wagered: string;
  profit: string;
  wins: number;
  losses: number;
}

export const RECENT_BETS = 100;

interface TotalsRow {
  bets: bigint;
  wagered: bigint | null;
  paid: bigint | null;
  wins: bigint | null;
  losses: bigint | null;
}

const TOTALS = `SELECT COUNT(*) AS bets, SUM(wager) AS wagered, SUM(payout) AS paid,
  SUM(CASE WHEN payout > wager THEN 1 ELSE 0 END) AS wins, SUM(CASE WHEN payout < wager THEN 1 ELSE 0 END) AS losses
  FROM bets WHERE user_id = ? AND currency = ? AND created_at >= ?`;

const totalsOf = (row: TotalsRow): Totals => {
  const wagered = BigInt(row.wagered ?? 0n);
  return {
    bets: Number(row.bets),
    wagered: unitsToDecimalString(wagered),
    profit: unitsToDecimalString(BigInt(row.paid ?? 0n) - wagered),
    wins: Number(row.wins ?? 0n),
    losses: Number(row.losses ?? 0n),
  };
};

export async function playerStats(
  sql: Sql,
  userId: number,
  currency: string,
  sessionStartedAt: string,
): Promise<{ currency: string; session: Totals; allTime: Totals; recent: string[] }> {
  const [session, allTime, recent] = await Promise.all([
    sql.get<TotalsRow>(TOTALS, [userId, currency, sessionStartedAt], BIGINT),
    sql.get<TotalsRow>(TOTALS, [userId, currency, ''], BIGINT),
    sql.all<{ wager: bigint; payout: bigint }>(
      'SELECT wager, payout FROM bets WHERE user_id = ? AND currency = ? ORDER BY id DESC LIMIT ?',
      [userId, currency, RECENT_BETS],
      BIGINT,
    ),
  ]);
  return {
    currency,
    session: totalsOf(session!),
    allTime: totalsOf(allTime!),
    recent: recent.reverse().map((bet) => unitsToDecimalString(BigInt(bet.payout) - BigInt(bet.wager))),
  };
}
