import { betSums, cumulativeRtp, rtpEstimate } from '../../core/bets/rtp';
import type { RtpPoint, RtpSums } from '../../core/bets/rtp';
import type { Accumulator } from '../db/batchBook';
import type { Sql } from '../db/sql';
import type { GameName } from '../bets/record';
import { usdCents } from '../bets/record';

/** The games in the order the page shows them. */
export const RTP_GAMES: readonly GameName[] = ['Dice', 'Mines', 'Blackjack', 'Baccarat'];
export const RTP_SHARDS = 4;
/** The chart's window: the cumulative RTP of each game's last bets. */
export const RTP_WINDOW = 1000;

/**
 * Adds one settled bet to its game's running sums, inside the bet's transaction (a settlement hook):
 * the same cents as its bets row (usdCents), so the sums always equal a scan of the bets table.
 */
export async function addBetToRtp(tx: Sql, bet: { betId: number; game: GameName; wager: bigint; payout: bigint; usdRate: number; theoreticalRtp: number }): Promise<void> {
  const sums = betSums(usdCents(bet.wager, bet.usdRate), usdCents(bet.payout, bet.usdRate), bet.theoreticalRtp);
  const shard = bet.betId % RTP_SHARDS;
  const amounts = [1, sums.wagered, sums.paid, sums.wagered2, sums.paid2, sums.wageredPaid, sums.theoretical];
  // In a group commit the batch adds its bets up and writes each shard's row once before it commits.
  if (tx.book) tx.book.add(`rtp:${bet.game}:${shard}`, rtpRow(bet.game, shard), amounts);
  else await writeRtp(tx, bet.game, shard, amounts);
}

const RTP_ADD = `INSERT INTO rtp_totals (game, shard, bets, wagered, paid, wagered2, paid2, wagered_paid, theoretical) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (game, shard) DO UPDATE SET bets = rtp_totals.bets + excluded.bets, wagered = rtp_totals.wagered + excluded.wagered,
       paid = rtp_totals.paid + excluded.paid, wagered2 = rtp_totals.wagered2 + excluded.wagered2, paid2 = rtp_totals.paid2 + excluded.paid2,
       wagered_paid = rtp_totals.wagered_paid + excluded.wagered_paid, theoretical = rtp_totals.theoretical + excluded.theoretical`;

async function writeRtp(sql: Sql, game: GameName, shard: number, amounts: readonly (bigint | number)[]): Promise<void> {
  await sql.run(RTP_ADD, [game, shard, ...amounts]);
}

const rtpRows = new Map<string, Accumulator>();
/** A game's shard row as a batch's running total (db/batchBook.ts). */
function rtpRow(game: GameName, shard: number): Accumulator {
  const key = `${game}:${shard}`;
  let row = rtpRows.get(key);
  if (!row) {
    row = { tables: ['rtp_totals'], write: (sql, amounts) => writeRtp(sql, game, shard, amounts) };
    rtpRows.set(key, row);
  }
  return row;
}

export interface GameRtp {
  game: GameName;
  bets: number;
  wageredUsd: number;
  paidOutUsd: number;
  rtp: number | null;
  theoreticalRtp: number | null;
  low95: number | null;
  high95: number | null;
  recent: RtpPoint[];
}

interface TotalsRow {
  game: string;
  bets: number | bigint;
  wagered: number | bigint;
  paid: number | bigint;
  wagered2: number;
  paid2: number;
  wagered_paid: number;
  theoretical: number;
}

const EMPTY: RtpSums = { bets: 0, wagered: 0, paid: 0, wagered2: 0, paid2: 0, wageredPaid: 0, theoretical: 0 };

/** Every game's figures: a handful of rows of sums, and each game's last bets along an index. */
export async function measuredRtp(sql: Sql): Promise<GameRtp[]> {
  const rows = await sql.all<TotalsRow>(
    `SELECT game, SUM(bets) AS bets, SUM(wagered) AS wagered, SUM(paid) AS paid, SUM(wagered2) AS wagered2, SUM(paid2) AS paid2,
       SUM(wagered_paid) AS wagered_paid, SUM(theoretical) AS theoretical FROM rtp_totals GROUP BY game`,
  );
  const byGame = new Map<string, RtpSums>(
    rows.map((row) => [
      row.game,
      {
        bets: Number(row.bets),
        wagered: Number(row.wagered),
        paid: Number(row.paid),
        wagered2: Number(row.wagered2),
        paid2: Number(row.paid2),
        wageredPaid: Number(row.wagered_paid),
        theoretical: Number(row.theoretical),
      },
    ]),
  );
  const windows = await Promise.all(
    RTP_GAMES.map((game) =>
      sql.all<{ wager: number; payout: number }>(
        'SELECT wager_usd_cents AS wager, payout_usd_cents AS payout FROM bets WHERE game = ? ORDER BY id DESC LIMIT ?',
        [game, RTP_WINDOW],
      ),
    ),
  );
  return RTP_GAMES.map((game, i) => {
    const sums = byGame.get(game) ?? EMPTY;
    const recent = windows[i]!.map((bet) => ({ wager: Number(bet.wager), payout: Number(bet.payout) })).reverse();
    return { game, bets: sums.bets, wageredUsd: sums.wagered / 100, paidOutUsd: sums.paid / 100, ...rtpEstimate(sums), recent: cumulativeRtp(recent) };
  });
}
