import fp from 'fastify-plugin';
import { createMinesGames } from './games';
import type { MinesGames } from './games';

declare module 'fastify' {
  interface FastifyInstance {
    /** The mines games of every player (mines/games.ts), shared by the routes and the seed rotation check. */
    minesGames: MinesGames;
  }
}

export const minesGamesPlugin = fp(
  async (app) => {
    const games = createMinesGames(app.db, {
      limitsFor: (game, currency) => app.wallet.limitsFor(game, currency),
      usdRate: (currency) => app.wallet.rates.get(currency) ?? 0,
      settled: (bet) => app.settlement.settled(bet),
    });
    // Rotating seeds mid-game would reveal the server seed that fixed this board.
    app.openGames.register((userId) => (games.hasOpenGame(userId) ? 'mines' : null));
    app.decorate('minesGames', games);
  },
  { name: 'minesGames', dependencies: ['database', 'wallet', 'settlement', 'openGames'] },
);
