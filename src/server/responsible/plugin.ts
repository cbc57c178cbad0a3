import fp from 'fastify-plugin';
import { usdCents } from '../bets/record';
import { addUsage } from './store';

/**
 * What a settled bet paid back joins the hour's running total, inside the bet's transaction, so the
 * loss limits see wins offset losses (docs/product.md "Responsible gambling"). The stake itself was
 * counted when it was placed (store.ts guardStake).
 */
export const responsiblePlugin = fp(
  async (app) => {
    app.settlement.register(async (tx, bet) => {
      await addUsage(tx, bet.userId, 'returned_cents', BigInt(usdCents(bet.payout, bet.usdRate)), Date.now());
    });
  },
  { name: 'responsible', dependencies: ['database', 'settlement'] },
);
