import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';
import { unitsToNumber } from '../../core/money';
import { revealedServerSeed } from '../fairness/seeds';
import type { BetSeed } from '../fairness/seeds';
import { publicOutcome } from '../../core/bets/recall';
import { isoNow } from '../clock';

/** Every settled bet of every game, as the live feed and the fairness checks see it (docs/product.md §3 Bet). */

export type GameName = 'Dice' | 'Mines' | 'Blackjack' | 'Baccarat';

/** docs/product.md §9: a bet whose wager or payout was worth at least $100 at the time is a high roller. */
export const HIGH_ROLLER_CENTS = 10_000;
export const FEED_SIZE = 20;

export interface WireBet {
  id: number;
  gameName: GameName;
  playerName: string;
  wager: number;
  currency: string;
  multiplier: number;
  payout: number;
}

export interface NewBet {
  userId: number;
  game: GameName;
  currency: string;
  wager: bigint;
  payout: bigint;
  seed: BetSeed | null;
  outcome: unknown;
  /** Dollars per coin at settlement, for the high-roller rule. */
  usdRate: number;
}

interface BetRow {
  /** A bigint when read with BIGINT (the feeds read the money columns so). */
  id: number | bigint;
  game: GameName;
  user_name: string;
  currency: string;
  wager: number | bigint;
  payout: number | bigint;
}

/** Base units as whole US cents at `rate` dollars per coin (0 when the rate is unknown): the bets table's figures and the responsible-gambling totals. */
export const usdCents = (units: bigint, rate: number) => {
  if (!Number.isFinite(rate) || rate <= 0) return 0;
  // Cents = units × rate / 10^6; the rate goes through fixed-point so no float touches the units.
  const rateMicro = BigInt(Math.round(rate * 1_000_000));
  return Number((units * rateMicro) / 1_000_000_000_000n);
};

/** payout ÷ wager, 4 decimals, floored (a multiplier never overstates a win). */
export function multiplierOf(wager: bigint, payout: bigint): number {
  return wager > 0n ? Number((payout * 10_000n) / wager) / 10_000 : 0;
}

/** Writes the bet row; call with the bet's transaction. */
export async function recordBet(sql: Sql, bet: NewBet): Promise<WireBet> {
  // The row just written is known here; the player's name comes back with its id.
  const inserted = await sql.get<{ id: number; user_name: string }>(
    `INSERT INTO bets (user_id, game, currency, wager, payout, seed_pair_id, nonce, outcome, wager_usd_cents, payout_usd_cents, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id, (SELECT user_name FROM users WHERE users.id = bets.user_id) AS user_name`,
    [
      bet.userId,
      bet.game,
      bet.currency,
      bet.wager,
      bet.payout,
      bet.seed?.seedPairId ?? null,
      bet.seed?.nonce ?? null,
      JSON.stringify(bet.outcome, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
      usdCents(bet.wager, bet.usdRate),
      usdCents(bet.payout, bet.usdRate),
      isoNow(),
    ],
  );
  return toWireBet({ id: inserted!.id, game: bet.game, user_name: inserted!.user_name, currency: bet.currency, wager: bet.wager, payout: bet.payout });
}

export function toWireBet(row: BetRow): WireBet {
  const wager = BigInt(row.wager);
  const payout = BigInt(row.payout);
  return {
    id: Number(row.id),
    gameName: row.game,
    playerName: row.user_name,
    wager: unitsToNumber(wager),
    currency: row.currency,
    multiplier: multiplierOf(wager, payout),
    payout: unitsToNumber(payout),
  };
}

const SELECT = `SELECT b.id, b.game, b.currency, b.wager, b.payout, u.user_name FROM bets b JOIN users u ON u.id = b.user_id`;

/** A page of a feed, newest first: bets with an id below `before`. */
export interface BetsPage {
  before: number;
  limit: number;
}
export const FEED_PAGE: BetsPage = { before: Number.MAX_SAFE_INTEGER, limit: FEED_SIZE };
export const FEED_PAGE_MAX = 100;

/*
 * Each feed walks backwards from `before` along the primary key or an index and stops after `limit`
 * rows (tests/server/history-paging.test.ts checks the plans). The high-roller bound is written into
 * the SQL so that the partial index bets_high_roller, built with the same bound, matches it.
 */
export const BETS_SQL = {
  latest: `${SELECT} WHERE b.id < ? ORDER BY b.id DESC LIMIT ?`,
  player: `${SELECT} WHERE b.user_id = ? AND b.id < ? ORDER BY b.id DESC LIMIT ?`,
  highRollers: `${SELECT} WHERE (b.wager_usd_cents >= ${HIGH_ROLLER_CENTS} OR b.payout_usd_cents >= ${HIGH_ROLLER_CENTS}) AND b.id < ? ORDER BY b.id DESC LIMIT ?`,
} as const;

// Money columns are read as bigint: a wager in base units may exceed a number's exact range.
const feed = async (sql: Sql, text: string, params: Array<number>): Promise<WireBet[]> =>
  (await sql.all<BetRow>(text, params, BIGINT)).map(toWireBet);

export function latestBets(sql: Sql, page: BetsPage = FEED_PAGE): Promise<WireBet[]> {
  return feed(sql, BETS_SQL.latest, [page.before, page.limit]);
}

export function playerBets(sql: Sql, userId: number, page: BetsPage = FEED_PAGE): Promise<WireBet[]> {
  return feed(sql, BETS_SQL.player, [userId, page.before, page.limit]);
}

export function highRollerBets(sql: Sql, page: BetsPage = FEED_PAGE): Promise<WireBet[]> {
  return feed(sql, BETS_SQL.highRollers, [page.before, page.limit]);
}

export interface BetDetail extends WireBet {
  outcome: unknown;
  seedHash: string | null;
  clientSeed: string | null;
  nonce: number | null;
  /** Only once revealed (fairness/seeds.ts revealedServerSeed); before that it would let anyone predict bets. */
  serverSeed: string | null;
  createdAt: string;
}

/** A bet row read with its seed pair, as betDetail and the export read it (BETS_DETAIL_SELECT). */
export interface BetDetailRow extends BetRow {
  outcome: string;
  nonce: bigint | null;
  created_at: string;
  server_seed_hash: string | null;
  pair_client_seed: string | null;
  status: string | null;
  server_seed: string | null;
}

export const BETS_DETAIL_SELECT = `SELECT b.id, b.game, b.currency, b.wager, b.payout, b.outcome, b.nonce, b.created_at, u.user_name,
            s.server_seed_hash, s.client_seed AS pair_client_seed, s.status, s.server_seed
     FROM bets b JOIN users u ON u.id = b.user_id LEFT JOIN seed_pairs s ON s.id = b.seed_pair_id`;

/**
 * The one mapping of a stored bet to what get-bet answers and the export writes: the game as played
 * (only the fields a visitor may see: publicOutcome), its seeds, and the server seed only once its
 * pair has been revealed (this is where that decision lives).
 */
export function toBetDetail(row: BetDetailRow): BetDetail {
  const wire = toWireBet(row);
  return {
    ...wire,
    outcome: publicOutcome(wire.gameName, JSON.parse(row.outcome) as unknown),
    seedHash: row.server_seed_hash,
    clientSeed: row.pair_client_seed,
    nonce: row.nonce === null ? null : Number(row.nonce),
    serverSeed: revealedServerSeed(row),
    createdAt: row.created_at,
  };
}

export async function betDetail(sql: Sql, id: number): Promise<BetDetail | null> {
  const row = await sql.get<BetDetailRow>(`${BETS_DETAIL_SELECT} WHERE b.id = ?`, [id], BIGINT);
  return row ? toBetDetail(row) : null;
}

/** How many bets the export reads at a time: one batch of memory, whatever the player's history. */
export const EXPORT_BATCH = 1_000;

/**
 * Every bet of the player, oldest first, a batch at a time along the bets_user index (keyset: the
 * ids after the last one read), so the export holds one batch, never the history.
 */
export async function* playerBetDetails(sql: Sql, userId: number, batch = EXPORT_BATCH): AsyncGenerator<BetDetail[]> {
  let after = 0;
  for (;;) {
    const rows = await sql.all<BetDetailRow>(`${BETS_DETAIL_SELECT} WHERE b.user_id = ? AND b.id > ? ORDER BY b.id LIMIT ?`, [userId, after, batch], BIGINT);
    if (rows.length === 0) return;
    yield rows.map(toBetDetail);
    if (rows.length < batch) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}
