import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { MinesActiveGame, MinesBet, MinesCashout, MinesPick } from '../../core/contracts/mines';
import { isValidMinesCount } from '../../core/games/mines';
import { unitsToNumber } from '../../core/money';
import { gameRoute } from '../bets/plugin';
import { badRequest } from '../errors';
import { MINES_MESSAGES } from '../mines/games';
import type { GameEnd } from '../mines/games';

/** docs/product.md §7: the mines calls answer `{ success, ..., errorMessage }`, their errors too. */
const SUCCESS_REFUSAL = {};

const gameOverFields = (end: GameEnd) => ({
  cashedOutAmount: unitsToNumber(end.payout),
  mineLocations: end.mineTiles,
  balance: unitsToNumber(end.balance),
  betId: end.bet.id,
  ...(end.serverSeed === undefined ? {} : { serverSeed: end.serverSeed }),
});

export const minesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const games = app.minesGames;

  app.post(MinesBet.path, gameRoute(app, MinesBet, SUCCESS_REFUSAL), async (request) => {
    const currency = app.bets.currency(request.body.currency);
    const wager = app.bets.wager(request.body.betAmount);
    const { minesCount } = request.body;
    if (!isValidMinesCount(minesCount)) throw badRequest(MINES_MESSAGES.invalidMinesCount, 'invalid_mines_count');
    const userId = request.user!.id;
    // The bet opens a game; its bets row is written when the game ends.
    const placed = await app.bets.commit(async (tx) => ({ ...(await games.placeBet(tx, userId, currency, wager, minesCount)), bet: null }));
    return { success: true, balance: unitsToNumber(placed.balance), errorMessage: null } as const;
  });

  app.post(MinesPick.path, gameRoute(app, MinesPick, SUCCESS_REFUSAL), async (request) => {
    const userId = request.user!.id;
    const { tileId } = request.body;
    const result = await app.bets.commit(async (tx) => {
      const picked = await games.pick(tx, userId, tileId);
      return { ...picked, bet: picked.gameOver?.bet ?? null };
    });
    if (!result.gameOver) {
      // Never a mine location while the game is open.
      return { success: true, isMine: false, gameState: 'InPlay', cashedOutAmount: 0, mineLocations: null } as const;
    }
    return { success: true, isMine: result.isMine, gameState: 'GameOver', ...gameOverFields(result.gameOver) } as const;
  });

  app.post(MinesCashout.path, gameRoute(app, MinesCashout, SUCCESS_REFUSAL), async (request) => {
    const userId = request.user!.id;
    const end = await app.bets.commit((tx) => games.cashout(tx, userId));
    return { success: true, ...gameOverFields(end), errorMessage: null } as const;
  });

  app.get(MinesActiveGame.path, gameRoute(app, MinesActiveGame, SUCCESS_REFUSAL), async (request) => {
    const game = await games.activeGame(request.user!.id);
    return {
      success: true,
      game: game && {
        betAmount: unitsToNumber(game.betAmount),
        minesCount: game.minesCount,
        selectedTiles: game.selectedTiles,
        currency: game.currency,
      },
    } as const;
  });
};
