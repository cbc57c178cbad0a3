import fp from 'fastify-plugin';
import type { GameName } from '../bets/record';
import type { Sql } from '../db/sql';

/**
 * What every game reports when a bet settles, inside the bet's own transaction. Other domains
 * (ACC mining, the rewards pool, the bankroll pools) register hooks here instead of each game
 * knowing about them; a hook that throws rolls the whole bet back.
 *
 * A hook runs inside the bet's transaction with its handle `tx`: it must use `tx` for every query,
 * await nothing but queries, and change nothing outside the database (on PostgreSQL the transaction
 * may run again after a serialisation failure).
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
  /** What the rules return on this bet as played (docs/fairness.md, measured RTP); 1 − houseEdge when absent. */
  theoreticalRtp?: number;
  /** Dollars per coin at settlement. */
  usdRate: number;
}

export type SettlementHook = (tx: Sql, bet: SettledBet) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    settlement: {
      register: (hook: SettlementHook) => void;
      /** Await inside the bet's transaction, with its handle, after the ledger transfers. */
      settled: (tx: Sql, bet: SettledBet) => Promise<void>;
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
      settled: async (tx: Sql, bet: SettledBet) => {
        // One after another: the hooks share the transaction's one connection.
        for (const hook of hooks) await hook(tx, bet);
      },
    });
  },
  { name: 'settlement', dependencies: ['database'] },
);
