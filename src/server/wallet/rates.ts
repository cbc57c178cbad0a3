/**
 * Dollar exchange rates: configuration first, then, when a price feed is configured, whatever the
 * feed last said successfully. A failing feed (network, status, timeout, bad JSON) changes nothing:
 * the last good value stays.
 *
 * Feed format (GET PRICE_FEED_URL, JSON), either
 *   { "BTC": 95123.4, "ETH": 3512.9 }                       dollars per coin by symbol, or
 *   [{ "symbol": "BTC", "exchangeRate": 95123.4 }, ...]     the shape of GET /payments/get-exchange-rates.
 * Entries that are not positive finite numbers are ignored; symbols the feed leaves out keep their value.
 */

export interface RateFeedLogger {
  warn: (obj: object, message: string) => void;
}

export interface ExchangeRatesOptions {
  initial: Record<string, number>;
  feedUrl: string | null;
  intervalMs: number;
  log?: RateFeedLogger;
  /** Per-request timeout of the feed. */
  timeoutMs?: number;
}

const isRate = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value > 0;

export function parseFeed(body: unknown): Record<string, number> {
  const rates: Record<string, number> = {};
  if (Array.isArray(body)) {
    for (const item of body as unknown[]) {
      if (typeof item !== 'object' || item === null) continue;
      const { symbol, exchangeRate } = item as { symbol?: unknown; exchangeRate?: unknown };
      if (typeof symbol === 'string' && isRate(exchangeRate)) rates[symbol.toUpperCase()] = exchangeRate;
    }
  } else if (typeof body === 'object' && body !== null) {
    for (const [symbol, rate] of Object.entries(body)) if (isRate(rate)) rates[symbol.toUpperCase()] = rate;
  }
  return rates;
}

export class ExchangeRates {
  private rates: Map<string, number>;
  private timer: NodeJS.Timeout | null = null;
  private inFlight: Promise<boolean> | null = null;
  /** When the feed last answered with usable rates (ms since epoch), null before that. */
  lastRefreshAt: number | null = null;
  lastError: string | null = null;

  constructor(private readonly options: ExchangeRatesOptions) {
    this.rates = new Map(Object.entries(options.initial));
  }

  get(symbol: string): number | undefined {
    return this.rates.get(symbol.toUpperCase());
  }

  snapshot(): Record<string, number> {
    return Object.fromEntries(this.rates);
  }

  /** Fetches the feed once; resolves true when it brought usable rates. Never rejects. */
  refresh(): Promise<boolean> {
    const { feedUrl } = this.options;
    if (!feedUrl) return Promise.resolve(false);
    this.inFlight ??= this.fetchFeed(feedUrl).finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async fetchFeed(url: string): Promise<boolean> {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5_000), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`price feed answered ${response.status}`);
      const fresh = parseFeed(await response.json());
      if (Object.keys(fresh).length === 0) throw new Error('price feed had no usable rate');
      for (const [symbol, rate] of Object.entries(fresh)) this.rates.set(symbol, rate);
      this.lastRefreshAt = Date.now();
      this.lastError = null;
      return true;
    } catch (error) {
      this.lastError = error instanceof Error ? error.message : String(error);
      this.options.log?.warn({ err: this.lastError, url }, 'price feed failed; keeping the last good rates');
      return false;
    }
  }

  /** Refreshes now and then every intervalMs, until stop(). No-op without a feed. */
  start(): void {
    if (!this.options.feedUrl || this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.inFlight;
  }
}
