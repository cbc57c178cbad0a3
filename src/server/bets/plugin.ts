import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BET_MESSAGES } from '../../core/bets/validation';
import type { RouteContract } from '../../core/contracts/common';
import type { Sql } from '../db/sql';
import { BetRefusal, badRequest } from '../errors';
import { InsufficientFundsError } from '../ledger/ledger';
import { schemaOf } from '../routes/contract';
import { parseAmountField } from '../wallet/amounts';
import type { WireBet } from './record';

/**
 * What every game route shares, so each states only its own rules: the bet's currency, its wager,
 * the refusal error (src/server/errors.ts renders it), and the commit that answers once the bet is
 * durable and then tells the live table.
 */
export interface BetsService {
  /**
   * The bet's currency, upper-cased, when the casino knows it and lets players bet in it. Answers
   * from the currencies table as read once at start-up: it changes only by migration or the demo
   * seed, both of which run before the server starts.
   */
  currency: (raw: string) => string;
  /** `betAmount` in base units by the one amount grammar; at most 0 is docs/product.md's 'Bet must be greater than 0'. */
  wager: (value: unknown) => bigint;
  /** A stake that may be 0 (a baccarat area nobody bet on), in base units. */
  stake: (value: unknown, field: string) => bigint;
  /**
   * Runs a bet's transaction (`app.db.transaction`: on SQLite in the group commit, answered once
   * durable, db/groupCommit.ts) and then broadcasts the bet it settled, if any. `work` must use its
   * `tx` for every query. A balance that a concurrent bet took between the check and the debit becomes
   * the refusal `raced`.
   */
  commit: <T extends { bet?: WireBet | null }>(work: (tx: Sql) => Promise<T>, raced?: string) => Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bets: BetsService;
  }
}

export const betsPlugin = fp(
  async (app) => {
    // Read once: currencies change only by migration or the demo seed, which run before this.
    const bettable = new Map(
      (await app.db.all<{ symbol: string; bettable: number }>('SELECT symbol, bettable FROM currencies')).map((row) => [row.symbol, row.bettable]),
    );
    app.decorate('bets', {
      currency: (raw) => {
        const currency = raw.toUpperCase();
        const known = bettable.get(currency);
        if (known === undefined) throw badRequest(`Unknown currency ${raw}.`, 'unknown_currency');
        if (known !== 1) throw new BetRefusal(BET_MESSAGES.accNotAvailable);
        return currency;
      },
      wager: (value) => parseAmountField(value, 'betAmount', { notPositive: () => new BetRefusal(BET_MESSAGES.notPositive) }),
      stake: (value, field) => parseAmountField(value, field, { allowZero: true }),
      commit: async (work, raced = BET_MESSAGES.aboveBalance) => {
        let result;
        try {
          result = await app.db.transaction(work);
        } catch (error) {
          if (error instanceof InsufficientFundsError && error.account.holder.startsWith('player')) throw new BetRefusal(raced);
          throw error;
        }
        // After commit: the live table learns of a settled bet only once it is certain.
        if (result.bet) app.hub.broadcast('bet', result.bet);
        return result;
      },
    } satisfies BetsService);
  },
  { name: 'bets', dependencies: ['database', 'auth', 'wallet', 'hub'] },
);

/**
 * The options of a game route from its contract (src/core/contracts): its schemas, the signed-in
 * check, and, for the games whose answers are `{ success, ..., errorMessage }`, the fields every
 * error of the route carries besides (`successRefusal`, rendered by src/server/errors.ts).
 */
export function gameRoute<const C extends RouteContract>(app: FastifyInstance, contract: C, successRefusal?: Record<string, unknown>) {
  return {
    schema: schemaOf(contract),
    ...(contract.auth ? { onRequest: app.auth.requireUser } : {}),
    ...(successRefusal ? { config: { successRefusal } } : {}),
  };
}
