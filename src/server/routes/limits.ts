import type { FastifyPluginAsync } from 'fastify';
import { unitsToNumber } from '../../core/money';

export const limitsRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { game: string; currency: string } }>(
    '/casino/get-limits',
    {
      schema: {
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['game', 'currency'],
          properties: { game: { type: 'string', maxLength: 32 }, currency: { type: 'string', minLength: 1, maxLength: 16 } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              data: {
                type: 'object',
                properties: {
                  limit: {
                    type: 'object',
                    properties: { minBet: { type: 'number' }, maxBet: { type: 'number' }, maxPayout: { type: 'number' } },
                    required: ['minBet', 'maxBet', 'maxPayout'],
                  },
                },
                required: ['limit'],
              },
            },
            required: ['data'],
          },
        },
      },
    },
    async (request) => {
      const limit = app.wallet.limitsFor(request.query.game, request.query.currency);
      return {
        data: { limit: { minBet: unitsToNumber(limit.minBet), maxBet: unitsToNumber(limit.maxBet), maxPayout: unitsToNumber(limit.maxPayout) } },
      };
    },
  );
};
