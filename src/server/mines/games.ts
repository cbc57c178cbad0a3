import { BIGINT, forUpdate } from '../db/sql';
import type { Database, Sql } from '../db/sql';
import type { BetLimitsUnits } from '../../core/bets/validation';
import { createFloatStream } from '../../core/fairness/floats';
import { gemsCount, isTileId, minesBoard, minesMultiplier, minesMultiplierHundredths, minesPayoutUnits } from '../../core/games/mines';
import { minesTheoreticalRtp } from '../../core/bets/rtp';
import { checkWager } from '../bets/checks';
import { payFromHouse } from '../bets/payout';
import { recordBet, usdCents } from '../bets/record';
import type { WireBet } from '../bets/record';
import { BetRefusal } from '../errors';
import { nodeHmacSha256 } from '../fairness/hmac';
import { revealedOnSettle, takeBetSeed } from '../fairness/seeds';
import type { BetSeed } from '../fairness/seeds';
import { balanceOf, houseAccount, playerAccount, transfer } from '../ledger/ledger';
import type { SettledBet } from '../plugins/settlement';
import { guardStake } from '../responsible/store';
import { isoNow } from '../clock';

/**
 * A mines game across requests (docs/product.md §4 Mines, issue 7).
 *
 * - The bet takes the player's nonce and fixes the board from the seed pair at once; the pair id and
 *   nonce are stored with the game, so rotating seeds afterwards reveals what decided it.
 * - The wager moves player → house when the bet is placed (`bet`, ref `mines:<gameId>`), not at the
 *   end: the balance the bet answers is then the real one, the staked coins cannot be bet again on
 *   another game while this one is open, and the ledger balances at every moment. The end of the game
 *   adds the bets row, the payout (house → player, same ref) if any, the settlement hooks and the
 *   live `bet` event.
 * - Every change of an open game is a conditional update on its `version`, so two requests that read
 *   the same state cannot both apply; the loser changes nothing and is told to try again.
 * - On PostgreSQL two requests of one player run side by side: a move first locks the game's row
 *   (`FOR UPDATE`), so the second waits for the first and then reads the game as the first left it,
 *   exactly as the one-after-another transactions of SQLite do; and a bet inserts its game with
 *   `ON CONFLICT DO NOTHING` on the one-open-game index, so of two bets raced the second finds the
 *   first's game and is refused, whatever it read before.
 */

/** docs/product.md §9: 1% house edge applied to the multiplier. */
export const MINES_HOUSE_EDGE = 0.01;

export const MINES_MESSAGES = {
  gameInProgress: 'Finish your mines game before placing a new bet.',
  noActiveGame: 'You have no mines game in progress.',
  invalidMinesCount: 'minesCount must be a whole number from 1 to 24.',
  invalidTile: 'tileId must be a whole number from 0 to 24.',
  tileTaken: 'That tile is already revealed.',
  noGem: 'Find at least one gem before cashing out.',
  moveRaced: 'Another move on this game was handled first. Please try again.',
} as const;

const conflict = (reason: string, message: string) => new BetRefusal(message, { status: 409, reason });

export type MinesStatus = 'open' | 'busted' | 'cashedOut';

export interface MinesGame {
  id: number;
  userId: number;
  currency: string;
  wager: bigint;
  minesCount: number;
  maxPayout: bigint;
  seedPairId: number;
  nonce: number;
  mineTiles: number[];
  /** Every tile revealed, in order; in an open game all of them are gems. */
  picks: number[];
  version: number;
  status: MinesStatus;
}

/** Read with BIGINT (the money columns), so every integer column comes back as a bigint. */
interface GameRow {
  id: bigint;
  user_id: bigint;
  currency: string;
  wager: bigint;
  mines_count: bigint;
  max_payout: bigint;
  seed_pair_id: bigint;
  nonce: bigint;
  mine_tiles: string;
  picks: string;
  version: bigint;
  status: MinesStatus;
}

function toGame(row: GameRow): MinesGame {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    currency: row.currency,
    wager: BigInt(row.wager),
    minesCount: Number(row.mines_count),
    maxPayout: BigInt(row.max_payout),
    seedPairId: Number(row.seed_pair_id),
    nonce: Number(row.nonce),
    mineTiles: JSON.parse(row.mine_tiles) as number[],
    picks: JSON.parse(row.picks) as number[],
    version: Number(row.version),
    status: row.status,
  };
}

const OPEN_GAME = `SELECT id, user_id, currency, wager, mines_count, max_payout, seed_pair_id, nonce, mine_tiles, picks, version, status
  FROM mines_games WHERE user_id = ? AND status = 'open'`;

export async function openGameOf(sql: Sql, userId: number): Promise<MinesGame | null> {
  const row = await sql.get<GameRow>(OPEN_GAME, [userId], BIGINT);
  return row ? toGame(row) : null;
}

/**
 * The open game, its row locked until the transaction ends (PostgreSQL; SQLite's writers never run
 * side by side): a concurrent move waits, then reads what this one wrote, or finds the game over.
 */
async function lockOpenGame(tx: Sql, userId: number): Promise<MinesGame | null> {
  const row = await tx.get<GameRow>(OPEN_GAME + forUpdate(tx), [userId], BIGINT);
  return row ? toGame(row) : null;
}

/** The board the seeds fix for a bet: the mine tiles, ascending. */
export function boardFor(seed: Pick<BetSeed, 'serverSeed' | 'clientSeed' | 'nonce'>, minesCount: number): number[] {
  return minesBoard(createFloatStream(nodeHmacSha256, seed.serverSeed, seed.clientSeed, seed.nonce).at, minesCount);
}

export interface GameChange {
  picks: number[];
  status: MinesStatus;
  payout: bigint | null;
}

/**
 * Applies a change to the game exactly as it was read: true if this call won, false when another
 * request changed or ended the game in between (nothing is written then).
 */
export async function claimMove(sql: Sql, game: MinesGame, change: GameChange): Promise<boolean> {
  const ended = change.status === 'open' ? null : isoNow();
  const changed = await sql.run(
    `UPDATE mines_games SET picks = ?, status = ?, payout = ?, ended_at = ?, version = version + 1
     WHERE id = ? AND version = ? AND status = 'open'`,
    [JSON.stringify(change.picks), change.status, change.payout, ended, game.id, game.version],
  );
  return changed === 1;
}

export interface MinesDeps {
  /** The limits as they stand in the bet's transaction (the maxPayout cap reads the bankroll). */
  limitsFor: (tx: Sql, game: 'mines', currency: string) => Promise<BetLimitsUnits>;
  /** Dollars per coin now (0 when unknown), for the high-roller rule and the settlement hooks. */
  usdRate: (currency: string) => number;
  /** The settlement hooks; runs inside the game's final transaction. */
  settled: (tx: Sql, bet: SettledBet) => Promise<void>;
}

export interface ActiveGame {
  betAmount: bigint;
  minesCount: number;
  selectedTiles: number[];
  currency: string;
}

export interface GameEnd {
  /** The bets row written for the game, for the live feed. */
  bet: WireBet;
  payout: bigint;
  mineTiles: number[];
  balance: bigint;
  /** An instant-reveal seed, public now that the game is over. */
  serverSeed?: string;
}

export type PickResult = { isMine: boolean; gameOver: null } | { isMine: boolean; gameOver: GameEnd };

/**
 * The mines games. `placeBet`, `pick` and `cashout` run inside the caller's transaction (the route's
 * `app.bets.commit`) and use its handle for every query; the reads take the database.
 */
export function createMinesGames(db: Database, deps: MinesDeps) {
  async function requireOpen(tx: Sql, userId: number): Promise<MinesGame> {
    const game = await lockOpenGame(tx, userId);
    if (!game) throw conflict('no_active_game', MINES_MESSAGES.noActiveGame);
    return game;
  }

  /** Writes the bets row, pays out and reports the settlement; after a successful claimMove. */
  async function settle(tx: Sql, game: MinesGame, gems: number[], hitMine: number | null, payout: bigint): Promise<GameEnd> {
    const pair = (await tx.get<{ server_seed: string; client_seed: string; chain_id: number | null }>(
      'SELECT server_seed, client_seed, chain_id FROM seed_pairs WHERE id = ?',
      [game.seedPairId],
    ))!;
    const seed: BetSeed = { seedPairId: game.seedPairId, serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: game.nonce, chained: pair.chain_id !== null };
    const usdRate = deps.usdRate(game.currency);
    const bet = await recordBet(tx, {
      userId: game.userId,
      game: 'Mines',
      currency: game.currency,
      wager: game.wager,
      payout,
      seed,
      outcome: {
        gameId: game.id,
        minesCount: game.minesCount,
        mines: game.mineTiles,
        gems,
        hitMine,
        multiplier: hitMine === null ? minesMultiplier(game.minesCount, gems.length) : 0,
      },
      usdRate,
    });
    await tx.run('UPDATE mines_games SET bet_id = ? WHERE id = ?', [bet.id, game.id]);
    const player = playerAccount(game.userId, game.currency);
    if (payout > 0n) {
      await payFromHouse(tx, { to: player, currency: game.currency, amount: payout, ref: `mines:${game.id}` });
    }
    await deps.settled(tx, {
      betId: bet.id,
      userId: game.userId,
      game: 'Mines',
      currency: game.currency,
      wager: game.wager,
      payout,
      houseEdge: MINES_HOUSE_EDGE,
      theoreticalRtp: minesTheoreticalRtp(game.minesCount, gems.length, hitMine !== null),
      usdRate,
    });
    return { bet, payout, mineTiles: game.mineTiles, balance: await balanceOf(tx, player), ...revealedOnSettle(seed) };
  }

  async function claimOrRefuse(tx: Sql, game: MinesGame, change: GameChange): Promise<void> {
    if (!(await claimMove(tx, game, change))) throw conflict('move_conflict', MINES_MESSAGES.moveRaced);
  }

  return {
    async hasOpenGame(sql: Sql, userId: number): Promise<boolean> {
      return (await sql.get(`SELECT 1 AS one FROM mines_games WHERE user_id = ? AND status = 'open'`, [userId])) !== undefined;
    },

    async activeGame(userId: number): Promise<ActiveGame | null> {
      const game = await openGameOf(db, userId);
      return game && { betAmount: game.wager, minesCount: game.minesCount, selectedTiles: game.picks, currency: game.currency };
    },

    /** Checks the bet (docs/product.md §5 from the balance on), takes the nonce, fixes the board, stakes the wager. */
    async placeBet(tx: Sql, userId: number, currency: string, wager: bigint, minesCount: number): Promise<{ gameId: number; nonce: number; balance: bigint }> {
      if (await openGameOf(tx, userId)) throw conflict('game_in_progress', MINES_MESSAGES.gameInProgress);
      const limits = await deps.limitsFor(tx, 'mines', currency);
      const player = playerAccount(userId, currency);
      // Later gems are capped at maxPayout by design (docs/product.md §5), but a bet whose very first gem is
      // already above it, or any bet when maxPayout is 0, could never win what the board promises.
      const firstGemProfit = (wager * minesMultiplierHundredths(minesCount, 1)) / 100n - wager;
      await guardStake(tx, { userId, wagerCents: BigInt(usdCents(wager, deps.usdRate(currency))) });
      await checkWager(tx, { game: 'mines', player, currency, wager, limits, maxProfitUnits: firstGemProfit });

      const seed = await takeBetSeed(tx, userId);
      // The one-open-game index decides between bets raced side by side (PostgreSQL): the second
      // waits for the first's game and then inserts nothing, and its whole transaction rolls back.
      const inserted = await tx.get<{ id: number }>(
        `INSERT INTO mines_games (user_id, currency, wager, mines_count, max_payout, seed_pair_id, nonce, mine_tiles, status, created_at, reserved)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)
         ON CONFLICT (user_id) WHERE status = 'open' DO NOTHING
         RETURNING id`,
        [
          userId,
          currency,
          wager,
          minesCount,
          limits.maxPayout,
          seed.seedPairId,
          seed.nonce,
          JSON.stringify(boardFor(seed, minesCount)),
          isoNow(),
          // Its cap is fixed at bet time, so the game's reserve never changes while it is open.
          minesPayoutUnits(wager, minesCount, gemsCount(minesCount), limits.maxPayout),
        ],
      );
      if (!inserted) throw conflict('game_in_progress', MINES_MESSAGES.gameInProgress);
      const gameId = inserted.id;
      const moved = await transfer(tx, { from: player, to: houseAccount(currency), amount: wager, kind: 'bet', ref: `mines:${gameId}` });
      return { gameId, nonce: seed.nonce, balance: moved.fromBalance };
    },

    /** Reveals one tile: a mine ends the game with nothing won, the last gem cashes out. */
    async pick(tx: Sql, userId: number, tile: number): Promise<PickResult> {
      if (!isTileId(tile)) throw new BetRefusal(MINES_MESSAGES.invalidTile, { reason: 'invalid_tile' });
      const game = await requireOpen(tx, userId);
      if (game.picks.includes(tile)) throw conflict('tile_already_picked', MINES_MESSAGES.tileTaken);
      const picks = [...game.picks, tile];
      if (game.mineTiles.includes(tile)) {
        await claimOrRefuse(tx, game, { picks, status: 'busted', payout: 0n });
        return { isMine: true, gameOver: await settle(tx, game, game.picks, tile, 0n) };
      }
      if (picks.length === gemsCount(game.minesCount)) {
        const payout = minesPayoutUnits(game.wager, game.minesCount, picks.length, game.maxPayout);
        await claimOrRefuse(tx, game, { picks, status: 'cashedOut', payout });
        return { isMine: false, gameOver: await settle(tx, game, picks, null, payout) };
      }
      await claimOrRefuse(tx, game, { picks, status: 'open', payout: null });
      return { isMine: false, gameOver: null };
    },

    /** Ends the game with bet × multiplier for the gems found (profit capped at maxPayout). */
    async cashout(tx: Sql, userId: number): Promise<GameEnd> {
      const game = await requireOpen(tx, userId);
      if (game.picks.length === 0) throw conflict('no_gems', MINES_MESSAGES.noGem);
      const payout = minesPayoutUnits(game.wager, game.minesCount, game.picks.length, game.maxPayout);
      await claimOrRefuse(tx, game, { picks: game.picks, status: 'cashedOut', payout });
      return settle(tx, game, game.picks, null, payout);
    },
  };
}

export type MinesGames = ReturnType<typeof createMinesGames>;
