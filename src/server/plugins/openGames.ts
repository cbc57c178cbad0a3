import fp from 'fastify-plugin';
import type { Sql } from '../db/sql';

/**
 * Games that stay open across requests (mines, blackjack) register a check here; seed rotation
 * asks it, because rotating mid-game would reveal the seed that fixes the open game's cards.
 * Rotation asks with its own transaction's handle (fairness/seeds.ts rotateSeeds), after locking
 * the active seed pair, so a game opened concurrently is either seen or waits for the rotation.
 */
export type OpenGameCheck = (sql: Sql, userId: number) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    openGames: {
      register: (check: OpenGameCheck) => void;
      /** The name of a game the player still has open, or null. */
      find: (sql: Sql, userId: number) => Promise<string | null>;
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
      find: async (sql: Sql, userId: number) => {
        for (const check of checks) {
          const game = await check(sql, userId);
          if (game) return game;
        }
        return null;
      },
    });
  },
  { name: 'openGames' },
);
