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
      limitsFor: (tx, game, currency) => app.wallet.limitsFor(tx, game, currency),
      usdRate: (currency) => app.wallet.rates.get(currency) ?? 0,
      settled: (tx, bet) => app.settlement.settled(tx, bet),
    });
    // Rotating seeds mid-game would reveal the server seed that fixed this board.
    app.openGames.register(async (sql, userId) => ((await games.hasOpenGame(sql, userId)) ? 'mines' : null));
    app.decorate('minesGames', games);
  },
  { name: 'minesGames', dependencies: ['database', 'wallet', 'settlement', 'openGames'] },
);
