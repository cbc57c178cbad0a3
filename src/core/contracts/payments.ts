import { Type } from 'typebox';
import type { Static } from 'typebox';
import { routeGroup } from './common';

/** The exchange rates the SPA converts with (configured, or refreshed from PRICE_FEED_URL). */

export const ExchangeRate = Type.Object({ symbol: Type.String(), exchangeRate: Type.Number({ description: 'Dollars per coin.' }) });
export type ExchangeRate = Static<typeof ExchangeRate>;

const payments = routeGroup('payments');

export const getExchangeRates = payments.get('get-exchange-rates', 'Dollars per coin for every currency that has a rate.', {
  auth: false,
  response: { 200: Type.Array(ExchangeRate) },
});

export const paymentsRoutes = [getExchangeRates] as const;
