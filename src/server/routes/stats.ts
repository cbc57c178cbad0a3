import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getStats } from '../../core/contracts/casino';
import { playerStats } from '../bets/stats';
import { AppError } from '../errors';
import { requireCurrency } from '../wallet/currencies';
import { schemaOf } from './contract';

export const statsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(getStats.path, { onRequest: app.auth.requireUser, schema: schemaOf(getStats) }, async (request) => {
    const user = request.user;
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    const currency = await requireCurrency(app.db, request.query.currency);
    // The session began its absolute lifetime ago from when it ends.
    const sessionStartedAt = new Date(user.sessionEndsAt - app.auth.sessionMaxAgeMs).toISOString();
    return playerStats(app.db, user.id, currency.symbol, sessionStartedAt);
  });
};
