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
  // Each open game carries its reserve (written with the game), so this is one indexed sum per table
  // on every bet. Games opened before that column existed have none and are computed as they stand.
  let reserved = 0n;
  let legacy = 0n;
  for (const table of ['mines_games', 'blackjack_games'] as const) {
    const sum = (await sql.get<{ total: bigint; unknown: bigint }>(
      `SELECT COALESCE(SUM(reserved), 0) AS total, COUNT(*) - COUNT(reserved) AS unknown FROM ${table} WHERE status = 'open' AND currency = ?`,
      [currency],
      BIGINT,
    ))!;
    reserved += BigInt(sum.total);
    legacy += BigInt(sum.unknown);
  }
  if (legacy === 0n) return reserved;
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

/** The house balance not promised to open games; never below 0. */
export async function freeBankroll(sql: Sql, currency: string): Promise<bigint> {
  const free = (await balanceOf(sql, houseAccount(currency))) - (await reservedPayouts(sql, currency));
  return free > 0n ? free : 0n;
}
