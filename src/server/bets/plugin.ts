import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { BET_MESSAGES } from '../../core/bets/validation';
import type { RouteContract } from '../../core/contracts/common';
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
  /** The bet's currency, upper-cased, when the casino knows it and lets players bet in it. */
  currency: (raw: string) => string;
  /** `betAmount` in base units by the one amount grammar; at most 0 is docs/product.md's 'Bet must be greater than 0'. */
  wager: (value: unknown) => bigint;
  /** A stake that may be 0 (a baccarat area nobody bet on), in base units. */
  stake: (value: unknown, field: string) => bigint;
  /**
   * Runs a bet's transaction in the group commit (answered once durable, db/groupCommit.ts) and then
   * broadcasts the bet it settled, if any. A balance that a concurrent bet took between the check
   * and the debit becomes the refusal `raced`.
   */
  commit: <T extends { bet?: WireBet | null }>(work: () => T, raced?: string) => Promise<T>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bets: BetsService;
  }
}

export const betsPlugin = fp(
  async (app) => {
    const bettable = app.db.prepare('SELECT bettable FROM currencies WHERE symbol = ?');
    app.decorate('bets', {
      currency: (raw) => {
        const currency = raw.toUpperCase();
        const known = bettable.get(currency) as { bettable: number } | undefined;
        if (!known) throw badRequest(`Unknown currency ${raw}.`, 'unknown_currency');
        if (known.bettable !== 1) throw new BetRefusal(BET_MESSAGES.accNotAvailable);
        return currency;
      },
      wager: (value) => parseAmountField(value, 'betAmount', { notPositive: () => new BetRefusal(BET_MESSAGES.notPositive) }),
      stake: (value, field) => parseAmountField(value, field, { allowZero: true }),
      commit: async (work, raced = BET_MESSAGES.aboveBalance) => {
        let result;
        try {
          result = await app.groupCommit.run(work);
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
