import type { FastifyPluginAsync } from 'fastify';
import { BET_MESSAGES } from '../../core/bets/validation';
import { isValidMinesCount } from '../../core/games/mines';
import { unitsToNumber } from '../../core/money';
import { refuseBet, wagerOf } from '../bets/wager';
import { badRequest } from '../errors';
import { InsufficientFundsError } from '../ledger/ledger';
import { createMinesGames, MINES_MESSAGES } from '../mines/games';
import type { GameEnd } from '../mines/games';
import { amountSchema } from '../wallet/amounts';

interface MinesBetBody {
  betAmount: number | string;
  minesCount: number;
  currency: string;
}

/**
 * SPEC §7: the mines calls answer `{ success, ..., errorMessage }`. A refusal keeps the shared
 * `{ error, message }` of every 4xx and adds `success: false` and `errorMessage` (= message).
 */
function withMinesFields(payload: unknown): unknown {
  if (typeof payload !== 'string') return payload;
  try {
    const body = JSON.parse(payload) as { message?: unknown };
    if (!body || typeof body !== 'object' || typeof body.message !== 'string') return payload;
    return JSON.stringify({ success: false, errorMessage: body.message, ...body });
  } catch {
    return payload;
  }
}

const gameOverFields = (end: GameEnd) => ({
  cashedOutAmount: unitsToNumber(end.payout),
  mineLocations: end.mineTiles,
  balance: unitsToNumber(end.balance),
});

export const minesRoutes: FastifyPluginAsync = async (app) => {
  const db = app.db;
  const bettable = db.prepare('SELECT bettable FROM currencies WHERE symbol = ?');
  const games = createMinesGames(db, {
    limitsFor: (game, currency) => app.wallet.limitsFor(game, currency),
    usdRate: (currency) => app.wallet.rates.get(currency) ?? 0,
    settled: (bet) => app.settlement.settled(bet),
  });
  // Rotating seeds mid-game would reveal the server seed that fixed this board.
  app.openGames.register((userId) => (games.hasOpenGame(userId) ? 'mines' : null));

  app.addHook('onSend', async (_request, reply, payload) => (reply.statusCode >= 400 ? withMinesFields(payload) : payload));

  app.post<{ Body: MinesBetBody }>(
    '/mines/bet',
    {
      onRequest: app.auth.requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['betAmount', 'minesCount', 'currency'],
          additionalProperties: false,
          properties: {
            betAmount: amountSchema,
            minesCount: { type: 'number' },
            currency: { type: 'string', minLength: 1, maxLength: 12 },
          },
        },
      },
    },
    async (request) => {
      const currency = request.body.currency.toUpperCase();
      const known = bettable.get(currency) as { bettable: number } | undefined;
      if (!known) throw badRequest(`Unknown currency ${request.body.currency}.`, 'unknown_currency');
      if (known.bettable !== 1) throw refuseBet(BET_MESSAGES.accNotAvailable);
      const wager = wagerOf(request.body.betAmount);
      if (!isValidMinesCount(request.body.minesCount)) throw badRequest(MINES_MESSAGES.invalidMinesCount, 'invalid_mines_count');
      try {
        const userId = request.user!.id;
        const { minesCount } = request.body;
        const placed = await app.groupCommit.run(() => games.placeBet(userId, currency, wager, minesCount));
        return { success: true, balance: unitsToNumber(placed.balance), errorMessage: null };
      } catch (error) {
        // A balance raced away between the check and the debit by a concurrent bet on another game.
        if (error instanceof InsufficientFundsError && error.account.holder.startsWith('player')) {
          throw refuseBet(BET_MESSAGES.aboveBalance);
        }
        throw error;
      }
    },
  );

  app.post<{ Body: { tileId: number } }>(
    '/mines/pick',
    {
      onRequest: app.auth.requireUser,
      schema: {
        body: {
          type: 'object',
          required: ['tileId'],
          additionalProperties: false,
          // Any number passes the schema so 2.5, -1 and 25 get the same clear message from the game.
          properties: { tileId: { type: 'number' } },
        },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const { tileId } = request.body;
      const result = await app.groupCommit.run(() => games.pick(userId, tileId));
      if (!result.gameOver) {
        // Never a mine location while the game is open.
        return { success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null };
      }
      app.hub.broadcast('bet', result.gameOver.bet);
      return { success: true, isMine: result.isMine, gameState: 'GameOver', ...gameOverFields(result.gameOver) };
    },
  );

  app.post(
    '/mines/cashout',
    {
      onRequest: app.auth.requireUser,
      // SPEC §7: no body; an empty JSON object is accepted too.
      schema: { body: { type: ['object', 'null'], additionalProperties: false, properties: {} } },
    },
    async (request) => {
      const userId = request.user!.id;
      const end = await app.groupCommit.run(() => games.cashout(userId));
      app.hub.broadcast('bet', end.bet);
      return { success: true, ...gameOverFields(end), errorMessage: null };
    },
  );

  app.get('/mines/get-active-game', { onRequest: app.auth.requireUser }, async (request) => {
    const game = games.activeGame(request.user!.id);
    return {
      success: true,
      game: game && {
        betAmount: unitsToNumber(game.betAmount),
        minesCount: game.minesCount,
        selectedTiles: game.selectedTiles,
        currency: game.currency,
      },
    };
  });
};
