import fp from 'fastify-plugin';
import type { Database } from 'better-sqlite3';
import type { GameName } from '../bets/record';

/**
 * What every game reports when a bet settles, inside the bet's own transaction. Other domains
 * (ACC mining, the rewards pool, the bankroll pools) register hooks here instead of each game
 * knowing about them; a hook that throws rolls the whole bet back.
 */
export interface SettledBet {
  betId: number;
  userId: number;
  game: GameName;
  currency: string;
  /** Everything the player staked on the round (doubles and splits included), base units. */
  wager: bigint;
  /** Everything paid back to the player, base units (0 for a loss). */
  payout: bigint;
  /** The game's house edge as a fraction (dice 0.01), for the rewards pool share. */
  houseEdge: number;
  /** Dollars per coin at settlement. */
  usdRate: number;
}

export type SettlementHook = (db: Database, bet: SettledBet) => void;

declare module 'fastify' {
  interface FastifyInstance {
    settlement: {
      register: (hook: SettlementHook) => void;
      /** Call inside the bet's transaction, after the ledger transfers. */
      settled: (bet: SettledBet) => void;
    };
  }
}

export const settlementPlugin = fp(
  async (app) => {
    const hooks: SettlementHook[] = [];
    app.decorate('settlement', {
      register: (hook: SettlementHook) => {
        hooks.push(hook);
      },
      settled: (bet: SettledBet) => {
        for (const hook of hooks) hook(app.db, bet);
      },
    });
  },
  { name: 'settlement', dependencies: ['database'] },
);
