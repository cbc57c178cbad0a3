import type { Database } from 'better-sqlite3';
import { statement } from '../db/statements';
import type { BetLimitsUnits } from '../../core/bets/validation';
import { createFloatStream } from '../../core/fairness/floats';
import { gemsCount, isTileId, minesBoard, minesMultiplier, minesMultiplierHundredths, minesPayoutUnits } from '../../core/games/mines';
import { checkWager } from '../bets/checks';
import { payFromHouse } from '../bets/payout';
import { recordBet } from '../bets/record';
import type { WireBet } from '../bets/record';
import { BetRefusal } from '../errors';
import { nodeHmacSha256 } from '../fairness/hmac';
import { takeBetSeed } from '../fairness/seeds';
import type { BetSeed } from '../fairness/seeds';
import { balanceOf, houseAccount, playerAccount, transfer } from '../ledger/ledger';
import type { SettledBet } from '../plugins/settlement';

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

interface GameRow {
  id: number;
  user_id: number;
  currency: string;
  wager: number | bigint;
  mines_count: number;
  max_payout: number | bigint;
  seed_pair_id: number;
  nonce: number;
  mine_tiles: string;
  picks: string;
  version: number;
  status: MinesStatus;
}

function toGame(row: GameRow): MinesGame {
  return {
    id: row.id,
    userId: row.user_id,
    currency: row.currency,
    wager: BigInt(row.wager),
    minesCount: row.mines_count,
    maxPayout: BigInt(row.max_payout),
    seedPairId: row.seed_pair_id,
    nonce: row.nonce,
    mineTiles: JSON.parse(row.mine_tiles) as number[],
    picks: JSON.parse(row.picks) as number[],
    version: row.version,
    status: row.status,
  };
}

export function openGameOf(db: Database, userId: number): MinesGame | null {
  const row = statement(db, `SELECT * FROM mines_games WHERE user_id = ? AND status = 'open'`).get(userId) as GameRow | undefined;
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
export function claimMove(db: Database, game: MinesGame, change: GameChange): boolean {
  const ended = change.status === 'open' ? null : new Date().toISOString();
  const result = statement(
      db,
      `UPDATE mines_games SET picks = ?, status = ?, payout = ?, ended_at = ?, version = version + 1
       WHERE id = ? AND version = ? AND status = 'open'`,
    )
    .run(JSON.stringify(change.picks), change.status, change.payout, ended, game.id, game.version);
  return result.changes === 1;
}

export interface MinesDeps {
  limitsFor: (game: 'mines', currency: string) => BetLimitsUnits;
  /** Dollars per coin now (0 when unknown), for the high-roller rule and the settlement hooks. */
  usdRate: (currency: string) => number;
  /** The settlement hooks; runs inside the game's final transaction. */
  settled: (bet: SettledBet) => void;
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
}

export type PickResult = { isMine: boolean; gameOver: null } | { isMine: boolean; gameOver: GameEnd };

export function createMinesGames(db: Database, deps: MinesDeps) {
  const seedOf = statement(db, 'SELECT server_seed, client_seed FROM seed_pairs WHERE id = ?');

  function requireOpen(userId: number): MinesGame {
    const game = openGameOf(db, userId);
    if (!game) throw conflict('no_active_game', MINES_MESSAGES.noActiveGame);
    return game;
  }

  /** Writes the bets row, pays out and reports the settlement; after a successful claimMove. */
  function settle(game: MinesGame, gems: number[], hitMine: number | null, payout: bigint): GameEnd {
    const pair = seedOf.get(game.seedPairId) as { server_seed: string; client_seed: string };
    const usdRate = deps.usdRate(game.currency);
    const bet = recordBet(db, {
      userId: game.userId,
      game: 'Mines',
      currency: game.currency,
      wager: game.wager,
      payout,
      seed: { seedPairId: game.seedPairId, serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: game.nonce },
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
    statement(db, 'UPDATE mines_games SET bet_id = ? WHERE id = ?').run(bet.id, game.id);
    const player = playerAccount(game.userId, game.currency);
    if (payout > 0n) {
      payFromHouse(db, { to: player, currency: game.currency, amount: payout, ref: `mines:${game.id}` });
    }
    deps.settled({
      betId: bet.id,
      userId: game.userId,
      game: 'Mines',
      currency: game.currency,
      wager: game.wager,
      payout,
      houseEdge: MINES_HOUSE_EDGE,
      usdRate,
    });
    return { bet, payout, mineTiles: game.mineTiles, balance: balanceOf(db, player) };
  }

  function claimOrRefuse(game: MinesGame, change: GameChange): void {
    if (!claimMove(db, game, change)) throw conflict('move_conflict', MINES_MESSAGES.moveRaced);
  }

  return {
    hasOpenGame(userId: number): boolean {
      return statement(db, `SELECT 1 FROM mines_games WHERE user_id = ? AND status = 'open'`).get(userId) !== undefined;
    },

    activeGame(userId: number): ActiveGame | null {
      const game = openGameOf(db, userId);
      return game && { betAmount: game.wager, minesCount: game.minesCount, selectedTiles: game.picks, currency: game.currency };
    },

    /** Checks the bet (docs/product.md §5 from the balance on), takes the nonce, fixes the board, stakes the wager. */
    placeBet: db.transaction((userId: number, currency: string, wager: bigint, minesCount: number) => {
      if (openGameOf(db, userId)) throw conflict('game_in_progress', MINES_MESSAGES.gameInProgress);
      const limits = deps.limitsFor('mines', currency);
      const player = playerAccount(userId, currency);
      // Later gems are capped at maxPayout by design (docs/product.md §5), but a bet whose very first gem is
      // already above it, or any bet when maxPayout is 0, could never win what the board promises.
      const firstGemProfit = (wager * minesMultiplierHundredths(minesCount, 1)) / 100n - wager;
      checkWager(db, { game: 'mines', player, currency, wager, limits, maxProfitUnits: firstGemProfit });

      const seed = takeBetSeed(db, userId);
      const inserted = statement(
          db,
          `INSERT INTO mines_games (user_id, currency, wager, mines_count, max_payout, seed_pair_id, nonce, mine_tiles, status, created_at, reserved)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'open', ?, ?)`,
        )
        .run(
          userId,
          currency,
          wager,
          minesCount,
          limits.maxPayout,
          seed.seedPairId,
          seed.nonce,
          JSON.stringify(boardFor(seed, minesCount)),
          new Date().toISOString(),
          // Its cap is fixed at bet time, so the game's reserve never changes while it is open.
          minesPayoutUnits(wager, minesCount, gemsCount(minesCount), limits.maxPayout),
        );
      const gameId = Number(inserted.lastInsertRowid);
      transfer(db, { from: player, to: houseAccount(currency), amount: wager, kind: 'bet', ref: `mines:${gameId}` });
      return { gameId, nonce: seed.nonce, balance: balanceOf(db, player) };
    }),

    /** Reveals one tile: a mine ends the game with nothing won, the last gem cashes out. */
    pick: db.transaction((userId: number, tile: number): PickResult => {
      if (!isTileId(tile)) throw new BetRefusal(MINES_MESSAGES.invalidTile, { reason: 'invalid_tile' });
      const game = requireOpen(userId);
      if (game.picks.includes(tile)) throw conflict('tile_already_picked', MINES_MESSAGES.tileTaken);
      const picks = [...game.picks, tile];
      if (game.mineTiles.includes(tile)) {
        claimOrRefuse(game, { picks, status: 'busted', payout: 0n });
        return { isMine: true, gameOver: settle(game, game.picks, tile, 0n) };
      }
      if (picks.length === gemsCount(game.minesCount)) {
        const payout = minesPayoutUnits(game.wager, game.minesCount, picks.length, game.maxPayout);
        claimOrRefuse(game, { picks, status: 'cashedOut', payout });
        return { isMine: false, gameOver: settle(game, picks, null, payout) };
      }
      claimOrRefuse(game, { picks, status: 'open', payout: null });
      return { isMine: false, gameOver: null };
    }),

    /** Ends the game with bet × multiplier for the gems found (profit capped at maxPayout). */
    cashout: db.transaction((userId: number): GameEnd => {
      const game = requireOpen(userId);
      if (game.picks.length === 0) throw conflict('no_gems', MINES_MESSAGES.noGem);
      const payout = minesPayoutUnits(game.wager, game.minesCount, game.picks.length, game.maxPayout);
      claimOrRefuse(game, { picks: game.picks, status: 'cashedOut', payout });
      return settle(game, game.picks, null, payout);
    }),
  };
}

export type MinesGames = ReturnType<typeof createMinesGames>;
