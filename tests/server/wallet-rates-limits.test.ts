import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToUnits } from '../../src/core/money';
import { loadConfig } from '../../src/server/config';
import { balanceOf, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { parseLimits } from '../../src/server/wallet/config';
import type { WalletConfig } from '../../src/server/wallet/config';
import { limitsFor } from '../../src/server/wallet/limits';
import { json, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer } from '../support/wallet';

const walletConfig = (env: NodeJS.ProcessEnv = {}, patch: Partial<WalletConfig> = {}): WalletConfig => ({
  ...loadConfig({ ...env }).wallet,
  ...patch,
});

async function until(condition: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function getRates(server: TestServer): Promise<Record<string, number>> {
  const list = await json<Array<{ symbol: string; exchangeRate: number }>>(await fetch(`${server.url}/api/payments/get-exchange-rates`));
  return Object.fromEntries(list.map(({ symbol, exchangeRate }) => [symbol, exchangeRate]));
}

describe('exchange rates', () => {
  it('should answer the configured defaults for every currency, publicly', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.url}/api/payments/get-exchange-rates`);
      expect(response.status).toBe(200);
      const rates = await getRates(server);
      expect(Object.keys(rates)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'DOGE', 'ACC']);
      expect(rates.USDT).toBe(1);
      expect(rates.BTC).toBeGreaterThan(10_000);
      expect(rates.DOGE).toBeLessThan(1);
    } finally {
      await server.close();
    }
  });

  it('should take EXCHANGE_RATES from the environment and refuse a malformed one at start', async () => {
    const config = loadConfig({ EXCHANGE_RATES: '{"btc": 50000, "SOL": 150}' });
    expect(config.wallet.exchangeRates).toMatchObject({ BTC: 50_000, SOL: 150, ETH: 3_500 });
    expect(() => loadConfig({ EXCHANGE_RATES: '{"BTC": -1}' })).toThrow(/EXCHANGE_RATES.BTC must be a positive number/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'nope' })).toThrow(/EXCHANGE_RATES must be JSON/);
    expect(() => loadConfig({ MAX_PAYOUT_SHARE: '2' })).toThrow(/MAX_PAYOUT_SHARE/);
    expect(() => loadConfig({ PRICE_FEED_URL: 'ftp://x' })).toThrow(/PRICE_FEED_URL/);
    const server = await startTestServer({ wallet: config.wallet });
    try {
      expect((await getRates(server)).BTC).toBe(50_000);
    } finally {
      await server.close();
    }
  });

  describe('from a price feed', () => {
    let feed: http.Server;
    let feedUrl: string;
    let requests = 0;
    let answer: { status: number; body: string } = { status: 200, body: '{}' };

    beforeAll(async () => {
      feed = http.createServer((_request, response) => {
        requests += 1;
        response.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
      await new Promise<void>((resolve) => feed.listen(0, '127.0.0.1', resolve));
      feedUrl = `http://127.0.0.1:${(feed.address() as AddressInfo).port}/prices`;
    });
    afterAll(async () => new Promise<void>((resolve) => feed.close(() => resolve())));

    it('should refresh periodically, keep the last good value when the feed fails, and stop on close', async () => {
      answer = { status: 200, body: JSON.stringify({ BTC: 101_234.5, ETH: 4_321 }) };
      const server = await startTestServer({ wallet: walletConfig({}, { priceFeedUrl: feedUrl, priceFeedIntervalMs: 40 }) });
      let closed = false;
      try {
        await until(async () => (await getRates(server)).BTC === 101_234.5);
        expect((await getRates(server)).ETH).toBe(4_321);
        expect((await getRates(server)).USDT).toBe(1);

        for (const failure of [
          { status: 500, body: '{"error":"down"}' },
          { status: 200, body: 'not json' },
          { status: 200, body: '{"BTC": -3, "ETH": "cheap"}' },
        ]) {
          answer = failure;
          const seen = requests;
          await until(() => requests >= seen + 2);
          expect(await getRates(server)).toMatchObject({ BTC: 101_234.5, ETH: 4_321 });
        }
        expect(server.app.wallet.rates.lastError).toBeTruthy();

        answer = { status: 200, body: JSON.stringify([{ symbol: 'BTC', exchangeRate: 99_000 }]) };
        await until(async () => (await getRates(server)).BTC === 99_000);
        expect((await getRates(server)).ETH).toBe(4_321);

        await server.close();
        closed = true;
        const atClose = requests;
        await new Promise((resolve) => setTimeout(resolve, 250));
        expect(requests).toBe(atClose);
      } finally {
        if (!closed) await server.close();
      }
    });

    it('should start on the configured rates when the feed is down from the start', async () => {
      answer = { status: 503, body: '' };
      const server = await startTestServer({ wallet: walletConfig({ EXCHANGE_RATES: '{"BTC": 77777}' }, { priceFeedUrl: feedUrl, priceFeedIntervalMs: 40 }) });
      try {
        const seen = requests;
        await until(() => requests >= seen + 2);
        expect((await getRates(server)).BTC).toBe(77_777);
      } finally {
        await server.close();
      }
    });
  });
});

describe('bet limits', () => {
  let server: TestServer;
  const getLimits = async (query: string) => {
    const response = await fetch(`${server.url}/api/casino/get-limits?${query}`);
    return { status: response.status, body: (await response.json()) as { data?: { limit: Record<string, number> }; message?: string } };
  };

  beforeAll(async () => {
    server = await startTestServer({
      wallet: walletConfig({ BET_LIMITS: JSON.stringify({ mines: { maxBet: 500, currencies: { LTC: { minBet: 0.001 } } } }) }),
    });
  });
  afterAll(async () => server.close());

  it('should convert the dollar limits at the current rate for every game and bettable currency', async () => {
    const { wallet } = server.app;
    for (const game of ['dice', 'mines', 'blackjack', 'baccarat'] as const) {
      for (const currency of ['BTC', 'ETH', 'USDT', 'LTC', 'DOGE']) {
        const { status, body } = await getLimits(`game=${game}&currency=${currency}`);
        expect(status, `${game} ${currency}`).toBe(200);
        const limit = body.data!.limit as { minBet: number; maxBet: number; maxPayout: number };
        const rate = wallet.rates.get(currency) as number;
        const dollars = wallet.config.limits[game];
        // Floored to the base unit: within one unit below the configured dollars.
        expect(limit.maxBet * rate).toBeLessThanOrEqual(dollars.maxBet);
        expect(limit.maxBet * rate).toBeGreaterThan(dollars.maxBet - rate * 1e-8 - 1e-6);
        if (!(game === 'mines' && currency === 'LTC')) {
          // Rounded up to the base unit: at least the configured dollars, less than one unit above.
          expect(limit.minBet * rate).toBeGreaterThanOrEqual(dollars.minBet - 1e-9);
          expect(limit.minBet * rate).toBeLessThan(dollars.minBet + rate * 1e-8 + 1e-9);
        }
        expect(limit.maxPayout).toBeGreaterThan(0);
        expect(limit.minBet).toBeLessThan(limit.maxBet);
        const units = await limitsFor(server.app.db, game, currency);
        expect(units).toEqual({ minBet: decimalToUnits(limit.minBet), maxBet: decimalToUnits(limit.maxBet), maxPayout: decimalToUnits(limit.maxPayout) });
      }
    }
    expect((await getLimits('game=mines&currency=USDT')).body.data!.limit.maxBet).toBe(500);
    expect((await getLimits('game=mines&currency=LTC')).body.data!.limit.minBet).toBe(0.001);
    expect((await getLimits('game=dice&currency=USDT')).body.data!.limit.maxBet).toBe(1_000);
  });

  it('should never let maxPayout exceed the configured share of the house bankroll', async () => {
    const capped = await startTestServer({ wallet: walletConfig({}, { maxPayoutShare: 0.0001, houseBankrollUsd: 1_000_000 }) });
    try {
      const { db } = capped.app;
      const house = () => balanceOf(db, houseAccount('ETH'));
      expect(await house()).toBeGreaterThan(0n);
      const maxPayout = async () => (await limitsFor(db, 'dice', 'ETH')).maxPayout;
      expect(await maxPayout()).toBe((await house()) / 10_000n);
      // $10,000 configured, but 0.01% of a $1M bankroll is $100.
      const wire = await json<{ data: { limit: { maxPayout: number } } }>(await fetch(`${capped.url}/api/casino/get-limits?game=dice&currency=ETH`));
      expect(wire.data.limit.maxPayout * 3_500).toBeLessThanOrEqual(100);
      expect(wire.data.limit.maxPayout * 3_500).toBeGreaterThan(99.99);

      // The cap follows the bankroll as it moves.
      const winner = await createPlayer(capped);
      await transfer(db, { from: houseAccount('ETH'), to: playerAccount(winner.id, 'ETH'), amount: (await house()) / 2n, kind: 'payout', ref: 'test' });
      expect(await maxPayout()).toBe((await house()) / 10_000n);
      await transfer(db, { from: houseAccount('ETH'), to: playerAccount(winner.id, 'ETH'), amount: await house(), kind: 'payout', ref: 'test' });
      expect(await maxPayout()).toBe(0n);

      // The configured maxPayout wins when it is the smaller one.
      const generous = await startTestServer({ wallet: walletConfig({}, { maxPayoutShare: 1 }) });
      try {
        expect((await limitsFor(generous.app.db, 'dice', 'USDT')).maxPayout).toBe(10_000n * 100_000_000n);
      } finally {
        await generous.close();
      }
    } finally {
      await capped.close();
    }
  });

  it('should answer an unknown game, an unknown currency, ACC and malformed queries with a clear 400', async () => {
    expect(await getLimits('game=poker&currency=BTC')).toMatchObject({ status: 400, body: { message: 'Unknown game "poker": expected one of dice, mines, blackjack, baccarat' } });
    expect(await getLimits('game=dice&currency=XYZ')).toMatchObject({ status: 400, body: { message: 'Unknown currency "XYZ"' } });
    expect(await getLimits('game=dice&currency=ACC')).toMatchObject({ status: 400, body: { message: 'ACC betting not available at this time' } });
    expect((await getLimits('game=dice')).body.message).toBe('currency is required');
    expect((await getLimits('currency=BTC')).body.message).toBe('game is required');
    expect((await getLimits('game=dice&currency=BTC&x=1')).status).toBe(400);
    expect((await getLimits('game=dice&game=mines&currency=BTC')).status).toBe(400);
    await expect(limitsFor(server.app.db, 'dice', 'ACC')).rejects.toThrow('ACC betting not available at this time');
    // The server's own binding, with a transaction's handle (as the games call it inside a bet).
    const inside = await server.app.db.transaction((tx) => server.app.wallet.limitsFor(tx, 'mines', 'USDT'));
    expect(inside.maxBet).toBe(500n * 100_000_000n);
  });

  it('should read per-currency overrides and refuse malformed BET_LIMITS', () => {
    expect(parseLimits('{"dice": {"currencies": {"btc": {"maxBet": 0.5}}}}').dice.currencies).toEqual({ BTC: { maxBet: 0.5 } });
    expect(() => parseLimits('{"poker": {}}')).toThrow(/unknown game/);
    expect(() => parseLimits('{"dice": {"maxBet": 0}}')).toThrow(/positive number/);
    expect(() => parseLimits('{"dice": {"max": 5}}')).toThrow(/not a limit/);
  });
});
