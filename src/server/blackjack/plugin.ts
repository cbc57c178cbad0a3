import fp from 'fastify-plugin';
import { hasOpenGame } from './games';
import { createRounds } from './rounds';
import type { Rounds } from './rounds';

declare module 'fastify' {
  interface FastifyInstance {
    /** The blackjack rounds of every player (blackjack/rounds.ts). */
    blackjackRounds: Rounds;
  }
}

export const blackjackRoundsPlugin = fp(
  async (app) => {
    const rounds = createRounds({
      db: app.db,
      limitsFor: (tx, currency) => app.wallet.limitsFor(tx, 'blackjack', currency),
      usdRate: (currency) => app.wallet.rates.get(currency) ?? 0,
      settled: (tx, bet) => app.settlement.settled(tx, bet),
    });
    // Rotating seeds mid-round would reveal the server seed that fixes the open round's cards.
    app.openGames.register(async (sql, userId) => ((await hasOpenGame(sql, userId)) ? 'blackjack' : null));
    app.decorate('blackjackRounds', rounds);
  },
  { name: 'blackjackRounds', dependencies: ['database', 'wallet', 'settlement', 'openGames'] },
);
