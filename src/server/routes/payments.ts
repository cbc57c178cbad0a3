import type { FastifyPluginAsync } from 'fastify';
import { listCurrencies } from '../wallet/currencies';

export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/payments/get-exchange-rates',
    {
      schema: {
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              properties: { symbol: { type: 'string' }, exchangeRate: { type: 'number' } },
              required: ['symbol', 'exchangeRate'],
            },
          },
        },
      },
    },
    async () =>
      listCurrencies(app.db).flatMap(({ symbol }) => {
        const exchangeRate = app.wallet.rates.get(symbol);
        return exchangeRate === undefined ? [] : [{ symbol, exchangeRate }];
      }),
  );
};
