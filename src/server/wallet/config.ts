import type { BetGame } from '../../core/bets/validation';

export const BET_GAMES: readonly BetGame[] = ['dice', 'mines', 'blackjack', 'baccarat'];

/** Dollar rates per coin used when neither EXCHANGE_RATES nor the price feed says otherwise. */
export const DEFAULT_EXCHANGE_RATES: Readonly<Record<string, number>> = {
  BTC: 95_000,
  ETH: 3_500,
  USDT: 1,
  LTC: 90,
  DOGE: 0.2,
  ACC: 0.05,
};

export interface LimitValues {
  minBet: number;
  maxBet: number;
  maxPayout: number;
}

/** Limits of one game: in dollars (converted at the current rate) with optional per-currency overrides in coins. */
export interface GameLimitConfig extends LimitValues {
  /** Coins, per currency symbol; any field set here wins over the dollar value. */
  currencies?: Record<string, Partial<LimitValues>>;
}

export const DEFAULT_LIMITS: Readonly<Record<BetGame, GameLimitConfig>> = {
  dice: { minBet: 0.01, maxBet: 1_000, maxPayout: 10_000 },
  mines: { minBet: 0.01, maxBet: 1_000, maxPayout: 10_000 },
  blackjack: { minBet: 0.1, maxBet: 1_000, maxPayout: 10_000 },
  baccarat: { minBet: 0.1, maxBet: 1_000, maxPayout: 10_000 },
};

export interface WalletConfig {
  /** Dollars per coin, defaults merged with EXCHANGE_RATES. */
  exchangeRates: Record<string, number>;
  /** When set, rates are refreshed from this URL every priceFeedIntervalMs. */
  priceFeedUrl: string | null;
  priceFeedIntervalMs: number;
  /** maxPayout never exceeds this share of the house bankroll in the currency. */
  maxPayoutShare: number;
  limits: Record<BetGame, GameLimitConfig>;
  /** Demo bankroll seeded once per currency from the external account, in dollars; 0 seeds nothing. */
  houseBankrollUsd: number;
  /** What one demo claim credits, in dollars. */
  demoClaimUsd: number;
  demoClaimIntervalMs: number;
  /** Secret behind the deposit addresses; generated and kept in DATA_DIR when unset. */
  depositSecret?: string;
}

function positiveNumber(name: string, raw: string | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > max) throw new Error(`${name} must be a number from 0 to ${max}, got "${raw}"`);
  return value;
}

function parseJson(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw new Error(`${name} must be JSON, got "${raw}"`);
  }
}

const isRate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"BTC": 95000, "ETH": 3500}`: dollars per coin. */
export function parseExchangeRates(raw: string | undefined): Record<string, number> {
  const rates: Record<string, number> = { ...DEFAULT_EXCHANGE_RATES };
  if (!raw) return rates;
  const parsed = parseJson('EXCHANGE_RATES', raw);
  if (!isRecord(parsed)) throw new Error('EXCHANGE_RATES must be a JSON object like {"BTC": 95000}');
  for (const [symbol, rate] of Object.entries(parsed)) {
    if (!isRate(rate)) throw new Error(`EXCHANGE_RATES.${symbol} must be a positive number`);
    rates[symbol.toUpperCase()] = rate;
  }
  return rates;
}

/** `{"dice": {"maxBet": 500, "currencies": {"BTC": {"minBet": 0.000001}}}}`, merged over the defaults. */
export function parseLimits(raw: string | undefined): Record<BetGame, GameLimitConfig> {
  const limits = Object.fromEntries(BET_GAMES.map((game) => [game, { ...DEFAULT_LIMITS[game] }])) as Record<BetGame, GameLimitConfig>;
  if (!raw) return limits;
  const parsed = parseJson('BET_LIMITS', raw);
  if (!isRecord(parsed)) throw new Error('BET_LIMITS must be a JSON object keyed by game');
  const checkFields = (where: string, value: Record<string, unknown>) => {
    for (const [field, amount] of Object.entries(value)) {
      if (!['minBet', 'maxBet', 'maxPayout'].includes(field)) throw new Error(`${where}.${field} is not a limit`);
      if (!isRate(amount)) throw new Error(`${where}.${field} must be a positive number`);
    }
  };
  for (const [game, value] of Object.entries(parsed)) {
    if (!BET_GAMES.includes(game as BetGame)) throw new Error(`BET_LIMITS.${game}: unknown game`);
    if (!isRecord(value)) throw new Error(`BET_LIMITS.${game} must be an object`);
    const { currencies, ...dollars } = value;
    checkFields(`BET_LIMITS.${game}`, dollars);
    const merged: GameLimitConfig = { ...limits[game as BetGame], ...(dollars as Partial<LimitValues>) };
    if (currencies !== undefined) {
      if (!isRecord(currencies)) throw new Error(`BET_LIMITS.${game}.currencies must be an object`);
      merged.currencies = {};
      for (const [symbol, perCurrency] of Object.entries(currencies)) {
        if (!isRecord(perCurrency)) throw new Error(`BET_LIMITS.${game}.currencies.${symbol} must be an object`);
        checkFields(`BET_LIMITS.${game}.currencies.${symbol}`, perCurrency);
        merged.currencies[symbol.toUpperCase()] = perCurrency as Partial<LimitValues>;
      }
    }
    limits[game as BetGame] = merged;
  }
  return limits;
}

export function loadWalletConfig(env: NodeJS.ProcessEnv, demoFunds: boolean): WalletConfig {
  const feed = env.PRICE_FEED_URL?.trim();
  if (feed && !/^https?:\/\//.test(feed)) throw new Error(`PRICE_FEED_URL must be an http(s) URL, got "${feed}"`);
  const share = positiveNumber('MAX_PAYOUT_SHARE', env.MAX_PAYOUT_SHARE, 0.01, 1);
  return {
    exchangeRates: parseExchangeRates(env.EXCHANGE_RATES),
    priceFeedUrl: feed || null,
    priceFeedIntervalMs: Math.max(1_000, positiveNumber('PRICE_FEED_INTERVAL_SECONDS', env.PRICE_FEED_INTERVAL_SECONDS, 60) * 1000),
    maxPayoutShare: share,
    limits: parseLimits(env.BET_LIMITS),
    houseBankrollUsd: positiveNumber('HOUSE_BANKROLL_USD', env.HOUSE_BANKROLL_USD, demoFunds ? 1_000_000 : 0),
    demoClaimUsd: positiveNumber('DEMO_CLAIM_USD', env.DEMO_CLAIM_USD, 100),
    demoClaimIntervalMs: 60 * 60 * 1000,
    ...(env.DEPOSIT_ADDRESS_SECRET ? { depositSecret: env.DEPOSIT_ADDRESS_SECRET } : {}),
  };
}
