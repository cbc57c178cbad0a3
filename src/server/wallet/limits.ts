import type { BetGame, BetLimitsUnits } from '../../core/bets/validation';
import { fiatToUnits, scaleDecimal, toUnitsFloor, BASE_UNITS } from '../../core/money';
import { AppError, badRequest } from '../errors';
import { freeBankroll } from '../bets/exposure';
import type { Sql } from '../db/sql';
import { BET_GAMES, DEFAULT_EXCHANGE_RATES, DEFAULT_LIMITS } from './config';
import type { WalletConfig } from './config';
import { requireCurrency } from './currencies';
import type { Currency } from './currencies';

export interface LimitsContext {
  limits: WalletConfig['limits'];
  maxPayoutShare: number;
  rates: { get: (symbol: string) => number | undefined };
  /**
   * The currencies as the server read them at start (they change only by migration or the demo seed,
   * which run before), so a bet does not read its currency's row again; without it, the database.
   */
  currencies?: ReadonlyMap<string, Currency>;
}

interface ConfiguredLimits {
  minBet: bigint;
  maxBet: bigint;
  configuredMaxPayout: bigint;
}

/**
 * The configured limits in base units change only with the rate, so they are converted once per
 * game, currency and rate rather than on every bet. Keyed by the context so a test's own context
 * never sees another's figures.
 */
const converted = new WeakMap<LimitsContext, Map<string, ConfiguredLimits>>();

function configuredLimits(ctx: LimitsContext, game: BetGame, symbol: string): ConfiguredLimits {
  const rate = ctx.rates.get(symbol);
  const key = `${game} ${symbol} ${rate}`;
  let byKey = converted.get(ctx);
  if (!byKey) {
    byKey = new Map();
    converted.set(ctx, byKey);
  }
  const known = byKey.get(key);
  if (known) return known;
  const config = ctx.limits[game];
  const override = config.currencies?.[symbol] ?? {};
  const resolve = (field: 'minBet' | 'maxBet' | 'maxPayout'): bigint => {
    const coins = override[field];
    if (coins !== undefined) return toUnitsFloor(coins);
    if (rate === undefined) throw new AppError(503, 'no_exchange_rate', `Limits for ${symbol} are not available: it has no exchange rate yet`);
    // A minimum rounds up (a bet of minBet is worth at least the configured dollars), maxima round down.
    return field === 'minBet' ? -fiatToUnits(-config[field], rate) : fiatToUnits(config[field], rate);
  };
  const configuredMin = resolve('minBet');
  const limits = { minBet: configuredMin < 1n ? 1n : configuredMin, maxBet: resolve('maxBet'), configuredMaxPayout: resolve('maxPayout') };
  // Rates move; keep only the figures of the rates in use now.
  if (byKey.size > 256) byKey.clear();
  byKey.set(key, limits);
  return limits;
}

const DEFAULT_CONTEXT: LimitsContext = {
  limits: DEFAULT_LIMITS,
  maxPayoutShare: 0.01,
  rates: { get: (symbol) => DEFAULT_EXCHANGE_RATES[symbol] },
};

/**
 * The running server's configuration and live rates, per database handle. Only the database itself
 * is registered (a transaction's handle is not): inside a transaction, call the server's own
 * `app.wallet.limitsFor(tx, game, currency)`, which passes its context.
 */
const contexts = new WeakMap<Sql, LimitsContext>();

export function registerLimitsContext(db: Sql, context: LimitsContext): void {
  contexts.set(db, context);
}

export const isBetGame = (game: string): game is BetGame => (BET_GAMES as readonly string[]).includes(game);

/**
 * Bet limits of a game in a currency, in base units: minBet, maxBet and maxPayout from configuration
 * (dollars converted at the current rate, minBet rounded up and the maxima down, or per-currency coin overrides), with maxPayout
 * capped at MAX_PAYOUT_SHARE of the free house bankroll in that currency (its balance less what open
 * games could still pay, bets/exposure.ts) so no single bet can break the house or a promise to
 * another player. Throws a 400 AppError for an unknown game or currency and for a currency that cannot be bet.
 * Call it with your bet transaction's handle to cap against the bankroll as it is at that moment.
 */
export async function limitsFor(sql: Sql, game: string, currencySymbol: string, context?: LimitsContext): Promise<BetLimitsUnits> {
  const ctx = context ?? contexts.get(sql) ?? DEFAULT_CONTEXT;
  if (!isBetGame(game)) throw badRequest(`Unknown game "${game}": expected one of ${BET_GAMES.join(', ')}`, 'unknown_game');
  const currency = ctx.currencies?.get(currencySymbol.toUpperCase()) ?? (await requireCurrency(sql, currencySymbol));
  if (!currency.bettable) throw badRequest(`${currency.symbol} betting not available at this time`, 'currency_not_bettable');

  const { minBet, maxBet, configuredMaxPayout } = configuredLimits(ctx, game, currency.symbol);
  const cap = ((await freeBankroll(sql, currency.symbol)) * scaleDecimal(ctx.maxPayoutShare, 8, 'floor')) / BASE_UNITS;
  return { minBet, maxBet, maxPayout: configuredMaxPayout < cap ? configuredMaxPayout : cap };
}
