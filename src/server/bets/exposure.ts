import type { Accumulator } from '../db/batchBook';
import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';
import { blackjackMaxPayout, parseBlackjackState } from '../../core/games/blackjack';
import { gemsCount, minesPayoutUnits } from '../../core/games/mines';
import { balanceOf, houseAccount } from '../ledger/ledger';

/**
 * What the house bankroll of a currency has promised to games still open (issue 13).
 *
 * A mines game or a blackjack round spans requests: its stake is in the house already and its win
 * is paid later, so the bankroll must still hold that win when the player asks for it. Everything
 * that takes money out of the house without a bet of its own (an investor removing liquidity, the
 * rewards pool's share) and every new bet's limit counts only the free part: the house balance less
 * these reserves. A mines game reserves its stake plus the largest profit it could still reach (its
 * cap is fixed at bet time); a blackjack round its stakes plus its largest profit from where it
 * stands (blackjackMaxPayout).
 *
 * On PostgreSQL concurrent bets each read the reserves and the house balance as last committed, so
 * two bets at the same instant may both count the same free bankroll for their limit: the cap is a
 * risk limit, not a hold. Payouts stay exact whatever happens (bets/payout.ts books a shortfall).
 */
export async function reservedPayouts(sql: Sql, currency: string): Promise<bigint> {
  return (await bankrollFigures(sql, currency)).reserved;
}

/** The house balance not promised to open games; never below 0. */
export async function freeBankroll(sql: Sql, currency: string): Promise<bigint> {
  const { balance, reserved } = await bankrollFigures(sql, currency);
  const free = balance - reserved;
  return free > 0n ? free : 0n;
}

// Each open game carries its reserve (written with the game), so the reserves are one indexed sum per
// table, read with the house balance in one statement: every bet asks for it (its limits, and the
// rewards pool's share). Games opened before that column existed have none and are computed apart.
const FIGURES = `SELECT a.balance, m.total AS mines, m.unknown AS mines_unknown, b.total AS blackjack, b.unknown AS blackjack_unknown
  FROM (SELECT COALESCE(SUM(reserved), 0) AS total, COUNT(*) - COUNT(reserved) AS unknown FROM mines_games WHERE status = 'open' AND currency = ?) m
  CROSS JOIN (SELECT COALESCE(SUM(reserved), 0) AS total, COUNT(*) - COUNT(reserved) AS unknown FROM blackjack_games WHERE status = 'open' AND currency = ?) b
  LEFT JOIN ledger_accounts a ON a.holder = 'house' AND a.currency = ?`;

interface FiguresRow {
  balance: bigint | null;
  mines: bigint;
  mines_unknown: bigint;
  blackjack: bigint;
  blackjack_unknown: bigint;
}

// In a group commit the house balance comes from the batch (ledger.ts balanceOf: its pending sums
// included), so only the reserves are read.
const RESERVES = `SELECT m.total AS mines, m.unknown AS mines_unknown, b.total AS blackjack, b.unknown AS blackjack_unknown
  FROM (SELECT COALESCE(SUM(reserved), 0) AS total, COUNT(*) - COUNT(reserved) AS unknown FROM mines_games WHERE status = 'open' AND currency = ?) m
  CROSS JOIN (SELECT COALESCE(SUM(reserved), 0) AS total, COUNT(*) - COUNT(reserved) AS unknown FROM blackjack_games WHERE status = 'open' AND currency = ?) b`;

async function bankrollFigures(sql: Sql, currency: string): Promise<{ balance: bigint; reserved: bigint }> {
  if (sql.book) {
    // The reserves change only when an open game's row does: the batch reads them once, and any
    // statement of the batch that names those tables makes it read them again (db/batchBook.ts).
    const key = `reserves ${currency}`;
    const reserved =
      sql.book.known(key)?.base ??
      (await sql.book.base(key, RESERVES_ROW, 1, async (raw) => reservesOf(raw, currency, (await raw.get<Omit<FiguresRow, 'balance'>>(RESERVES, [currency, currency], BIGINT))!)));
    return { balance: await balanceOf(sql, houseAccount(currency)), reserved };
  }
  const row = (await sql.get<FiguresRow>(FIGURES, [currency, currency, currency], BIGINT))!;
  return { balance: row.balance === null ? 0n : BigInt(row.balance), reserved: await reservesOf(sql, currency, row) };
}

/** Nothing to write: the open games' rows are the reserves; the book only keeps what it read. */
const RESERVES_ROW: Accumulator = { tables: ['mines_games', 'blackjack_games'], write: async () => {} };

async function reservesOf(sql: Sql, currency: string, row: Omit<FiguresRow, 'balance'>): Promise<bigint> {
  const reserved = BigInt(row.mines) + BigInt(row.blackjack);
  if (BigInt(row.mines_unknown) + BigInt(row.blackjack_unknown) === 0n) return reserved;
  return reserved + (await legacyReserves(sql, currency));
}

/** The reserves of open games older than the reserved column, computed from what they stand at. */
async function legacyReserves(sql: Sql, currency: string): Promise<bigint> {
  let reserved = 0n;
  const mines = await sql.all<{ wager: bigint; mines_count: bigint; max_payout: bigint }>(
    `SELECT wager, mines_count, max_payout FROM mines_games WHERE status = 'open' AND currency = ? AND reserved IS NULL`,
    [currency],
    BIGINT,
  );
  for (const game of mines) {
    const count = Number(game.mines_count);
    reserved += minesPayoutUnits(game.wager, count, gemsCount(count), game.max_payout);
  }
  const rounds = await sql.all<{ state: string }>(`SELECT state FROM blackjack_games WHERE status = 'open' AND currency = ? AND reserved IS NULL`, [currency]);
  for (const round of rounds) reserved += blackjackMaxPayout(parseBlackjackState(JSON.parse(round.state)));
  return reserved;
}
