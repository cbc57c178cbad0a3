import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getExchangeRates } from '../../core/contracts/payments';
import { listCurrencies } from '../wallet/currencies';
import { schemaOf } from './contract';

export const paymentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(getExchangeRates.path, { schema: schemaOf(getExchangeRates) }, async () =>
    (await listCurrencies(app.db)).flatMap(({ symbol }) => {
      const exchangeRate = app.wallet.rates.get(symbol);
      return exchangeRate === undefined ? [] : [{ symbol, exchangeRate }];
    }),
  );
};
