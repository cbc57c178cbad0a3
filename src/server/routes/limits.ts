import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLimits } from '../../core/contracts/casino';
import { unitsToNumber } from '../../core/money';
import { schemaOf } from './contract';

export const limitsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(getLimits.path, { schema: schemaOf(getLimits) }, async (request) => {
    const limit = await app.wallet.limitsFor(app.db, request.query.game, request.query.currency);
    return {
      data: { limit: { minBet: unitsToNumber(limit.minBet), maxBet: unitsToNumber(limit.maxBet), maxPayout: unitsToNumber(limit.maxPayout) } },
    };
  });
};
