import fp from 'fastify-plugin';

/**
 * Games that stay open across requests (mines, blackjack) register a check here; seed rotation
 * asks it, because rotating mid-game would reveal the seed that fixes the open game's cards.
 */
export type OpenGameCheck = (userId: number) => string | null;

declare module 'fastify' {
  interface FastifyInstance {
    openGames: {
      register: (check: OpenGameCheck) => void;
      /** The name of a game the player still has open, or null. */
      find: (userId: number) => string | null;
    };
  }
}

export const openGamesPlugin = fp(
  async (app) => {
    const checks: OpenGameCheck[] = [];
    app.decorate('openGames', {
      register: (check: OpenGameCheck) => {
        checks.push(check);
      },
      find: (userId: number) => {
        for (const check of checks) {
          const game = check(userId);
          if (game) return game;
        }
        return null;
      },
    });
  },
  { name: 'openGames' },
);
