import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, externalAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { isValidAddress } from '../../src/server/wallet/addresses';
import { serverPerBlock, startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, ledgerRows } from '../support/wallet';
import { nextEvent, signalr } from './hub-support';
import type { Player } from '../support/wallet';

const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const units = (coins: string) => BigInt(coins.replace('.', '').replace(/^0+/, '') || '0');

describe('wallet routes', () => {
  let server: TestServer;
  const hubCalls: unknown[][] = [];

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      // Record what the wallet asks the live hub to send (the real delivery is tested below).
      vi.spyOn(app.hub, 'sendToUser').mockImplementation((...args: unknown[]) => void hubCalls.push(args));
    });
  });
  afterAll(async () => server.close());

  const fund = (player: Player, currency: string, amount: bigint) =>
    transfer(server.app.db, { from: externalAccount(currency), to: playerAccount(player.id, currency), amount, kind: 'deposit', ref: 'test' });

  it('should refuse every wallet call without a signed-in player', async () => {
    for (const [method, path] of [
      ['GET', '/wallet/get-wallets'],
      ['GET', '/wallet/get-deposit-address?currency=BTC'],
      ['POST', '/wallet/claim-demo-funds'],
      ['POST', '/wallet/withdraw'],
      ['GET', '/wallet/get-withdrawals'],
      ['POST', '/wallet/cancel-withdrawal'],
    ] as const) {
      const response = await fetch(`${server.url}/api${path}`, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : null });
      expect(response.status, path).toBe(401);
    }
  });

  it('should list every currency with zero balances, and a currency added later too', async () => {
    const player = await createPlayer(server);
    await fund(player, 'ETH', 123_456_789n);
    const before = await player.call('GET', '/wallet/get-wallets');
    expect(before.status).toBe(200);
    expect(before.body).toEqual([
      { currencySymbol: 'BTC', balance: 0 },
      { currencySymbol: 'ETH', balance: 1.23456789 },
      { currencySymbol: 'USDT', balance: 0 },
      { currencySymbol: 'LTC', balance: 0 },
      { currencySymbol: 'DOGE', balance: 0 },
      { currencySymbol: 'ACC', balance: 0 },
    ]);
    await server.app.db.run("INSERT INTO currencies (symbol, name, bettable, position) VALUES ('SOL', 'Solana', 1, 10)");
    try {
      const after = await player.call('GET', '/wallet/get-wallets');
      expect((after.body as Array<{ currencySymbol: string }>).map((w) => w.currencySymbol)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'DOGE', 'ACC', 'SOL']);
    } finally {
      await server.app.db.run("DELETE FROM currencies WHERE symbol = 'SOL'");
    }
  });

  it('should give each player a stable, well-formed deposit address per currency', async () => {
    const alice = await createPlayer(server);
    const bob = await createPlayer(server);
    const formats: Record<string, RegExp> = {
      BTC: /^bc1q[02-9ac-hj-np-z]{38}$/,
      LTC: /^ltc1q[02-9ac-hj-np-z]{38}$/,
      DOGE: /^D[1-9A-HJ-NP-Za-km-z]{33}$/,
      ETH: /^0x[0-9a-f]{40}$/,
      USDT: /^0x[0-9a-f]{40}$/,
      ACC: /^0x[0-9a-f]{40}$/,
    };
    const seen = new Set<string>();
    for (const [currency, format] of Object.entries(formats)) {
      const first = await alice.call('GET', `/wallet/get-deposit-address?currency=${currency}`);
      const again = await alice.call('GET', `/wallet/get-deposit-address?currency=${currency.toLowerCase()}`);
      const other = await bob.call('GET', `/wallet/get-deposit-address?currency=${currency}`);
      const address = (first.body as { address: string }).address;
      expect(first.status).toBe(200);
      expect(first.body).toEqual({ currency, address });
      expect(address).toMatch(format);
      expect(isValidAddress(currency, address)).toBe(true);
      expect(again.body).toEqual(first.body);
      expect((other.body as { address: string }).address).not.toBe(address);
      seen.add(address);
    }
    expect(seen.size).toBe(6);
    const unknown = await alice.call('GET', '/wallet/get-deposit-address?currency=XYZ');
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Unknown currency "XYZ"' } });
    expect((await alice.call('GET', '/wallet/get-deposit-address')).status).toBe(400);
    expect((await alice.call('GET', '/wallet/get-deposit-address?currency=BTC&extra=1')).status).toBe(400);
  });

  it('should hand out $100 of demo funds once an hour per currency and tell the open clients', async () => {
    const player = await createPlayer(server);
    hubCalls.length = 0;
    const first = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ETH' });
    expect(first.status).toBe(200);
    const rate = server.app.wallet.rates.get('ETH') as number;
    const body = first.body as { currency: string; amount: number; balance: number; nextClaimAt: string };
    expect(body.currency).toBe('ETH');
    expect(body.amount * rate).toBeCloseTo(100, 4);
    expect(body.amount * rate).toBeLessThanOrEqual(100);
    expect(body.balance).toBe(body.amount);
    const nextClaimAt = Date.parse(body.nextClaimAt);
    expect(nextClaimAt - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(nextClaimAt - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(hubCalls).toEqual([[player.id, 'deposit', { amount: body.amount, currency: 'ETH', balance: body.balance }]]);

    const rows = await ledgerRows(server);
    const again = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ETH' });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect((again.body as { message: string }).message).toMatch(/^Demo ETH can be claimed once an hour: try again in \d+ minutes \(at .+\)\.$/);
    expect(await ledgerRows(server)).toBe(rows);
    expect(hubCalls).toHaveLength(1);

    // Another currency has its own hour.
    expect((await player.call('POST', '/wallet/claim-demo-funds', { currency: 'DOGE' })).status).toBe(200);

    // An hour later the same currency can be claimed again.
    await server.app.db.run('UPDATE demo_claims SET last_claimed_at = last_claimed_at - 3600000 WHERE user_id = ? AND currency = ?', [player.id, 'ETH']);
    const later = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ETH' });
    expect(later.status).toBe(200);
    expect((later.body as { balance: number }).balance).toBeCloseTo(body.amount * 2, 8);
    expect((await checkLedger(server.app.db)).ok).toBe(true);
  });

  it('should refuse demo claims of ACC, unknown currencies and malformed bodies without a ledger row', async () => {
    const player = await createPlayer(server);
    const rows = await ledgerRows(server);
    const acc = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'ACC' });
    expect(acc.status).toBe(400);
    expect((acc.body as { message: string }).message).toMatch(/ACC cannot be claimed as demo funds/);
    for (const body of [{ currency: 'XYZ' }, {}, { currency: 5 }, { currency: 'BTC', amount: 1 }, 'not json']) {
      const response = await player.call('POST', '/wallet/claim-demo-funds', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(await ledgerRows(server)).toBe(rows);
  });

  it('should withdraw into a pending withdrawal, list it, and cancel it back', async () => {
    const player = await createPlayer(server);
    await fund(player, 'BTC', 100_000n);
    const created = await player.call('POST', '/wallet/withdraw', { currency: 'BTC', address: BTC_ADDRESS, amount: 0.0004 });
    expect(created.status).toBe(200);
    const { withdrawal, balance } = created.body as { withdrawal: { id: number; status: string; amount: number }; balance: number };
    expect(balance).toBe(0.0006);
    expect(withdrawal).toMatchObject({ currency: 'BTC', address: BTC_ADDRESS, amount: 0.0004, status: 'pending' });

    const asString = await player.call('POST', '/wallet/withdraw', { currency: 'BTC', address: BTC_ADDRESS, amount: '0.0001' });
    expect(asString.status).toBe(200);
    expect((asString.body as { balance: number }).balance).toBe(0.0005);

    const list = await player.call('GET', '/wallet/get-withdrawals');
    expect(list.status).toBe(200);
    expect((list.body as Array<{ amount: number; status: string }>).map((w) => [w.amount, w.status])).toEqual([
      [0.0001, 'pending'],
      [0.0004, 'pending'],
    ]);

    const cancelled = await player.call('POST', '/wallet/cancel-withdrawal', { id: withdrawal.id });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ withdrawal: { id: withdrawal.id, status: 'cancelled' }, balance: 0.0009 });
    const twice = await player.call('POST', '/wallet/cancel-withdrawal', { id: withdrawal.id });
    expect(twice.status).toBe(409);
    expect(await balanceOf(server.app.db, playerAccount(player.id, 'BTC'))).toBe(90_000n);
    expect((await checkLedger(server.app.db)).ok).toBe(true);
  });

  it("should answer another player's withdrawal id and an unknown one with 404 and move nothing", async () => {
    const owner = await createPlayer(server);
    const thief = await createPlayer(server);
    await fund(owner, 'LTC', 500_000_000n);
    const { body } = await owner.call('POST', '/wallet/withdraw', { currency: 'LTC', address: 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', amount: 2 });
    const id = (body as { withdrawal: { id: number } }).withdrawal.id;
    const rows = await ledgerRows(server);
    const stolen = await thief.call('POST', '/wallet/cancel-withdrawal', { id });
    expect(stolen).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await thief.call('POST', '/wallet/cancel-withdrawal', { id: 999_999 })).status).toBe(404);
    for (const bad of [{ id: '1' }, { id: 1.5 }, { id: -1 }, { id: 0 }, {}, { id, extra: true }]) {
      expect((await owner.call('POST', '/wallet/cancel-withdrawal', bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect(await ledgerRows(server)).toBe(rows);
    expect(((await thief.call('GET', '/wallet/get-withdrawals')).body as unknown[]).length).toBe(0);
  });

  it('should refuse bad withdrawals with a clear 400 and no ledger row', async () => {
    const player = await createPlayer(server);
    await fund(player, 'BTC', 100_000_000n);
    const ok = { currency: 'BTC', address: BTC_ADDRESS, amount: 0.5 };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...ok, currency: 'XYZ' }, /Unknown currency "XYZ"/],
      [{ ...ok, amount: -1 }, /amount must be greater than 0/],
      [{ ...ok, amount: 0 }, /amount must be greater than 0/],
      [{ ...ok, amount: '-0.5' }, /amount must be greater than 0/],
      [{ ...ok, amount: '0' }, /amount must be greater than 0/],
      [{ ...ok, amount: 'NaN' }, /amount must be a number/],
      [{ ...ok, amount: 'Infinity' }, /amount must be a number/],
      [{ ...ok, amount: 'abc' }, /amount must be a number/],
      [{ ...ok, amount: '1e3' }, /amount must be a number/],
      [{ ...ok, amount: '' }, /amount must be a number/],
      [{ ...ok, amount: 0.123456789 }, /at most 8 decimals/],
      [{ ...ok, amount: '0.000000001' }, /at most 8 decimals/],
      [{ ...ok, amount: 1e-9 }, /at most 8 decimals/],
      [{ ...ok, amount: Number.MAX_SAFE_INTEGER + 2 }, /amount must be at most 9999999.99999999/],
      [{ ...ok, amount: 1e300 }, /amount must be at most/],
      [{ ...ok, amount: '123456789012345678901234567890' }, /amount must be at most/],
      [{ ...ok, amount: 2 }, /Amount exceeds your balance of 1.00000000 BTC/],
      [{ ...ok, amount: null }, /amount/],
      [{ ...ok, amount: true }, /amount/],
      [{ ...ok, amount: [1] }, /amount/],
      [{ ...ok, address: '0x52908400098527886E0F7030069857D2E4169EE7' }, /not a valid BTC address/],
      [{ ...ok, address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5' }, /not a valid BTC address/],
      [{ ...ok, address: '' }, /address/],
      [{ currency: 'BTC', amount: 0.5 }, /address is required/],
      [{ ...ok, memo: 'hi' }, /memo is not allowed/],
      [{ ...ok, currency: 'ETH', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' }, /not a valid ETH address/],
    ];
    const rows = await ledgerRows(server);
    for (const [body, message] of cases) {
      const response = await player.call('POST', '/wallet/withdraw', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((response.body as { message: string }).message, JSON.stringify(body)).toMatch(message);
    }
    // A body that is not JSON at all, e.g. a bare NaN.
    expect((await player.call('POST', '/wallet/withdraw', '{"currency":"BTC","address":"x","amount":NaN}')).status).toBe(400);
    expect(await ledgerRows(server)).toBe(rows);
    expect(await balanceOf(server.app.db, playerAccount(player.id, 'BTC'))).toBe(units('1.00000000'));
    expect(((await player.call('GET', '/wallet/get-withdrawals')).body as unknown[]).length).toBe(0);
  });

  it('should accept every issued deposit address format as a withdrawal address of its currency', async () => {
    const player = await createPlayer(server);
    const other = await createPlayer(server);
    for (const currency of ['BTC', 'ETH', 'USDT', 'LTC', 'DOGE']) {
      await fund(player, currency, 1_000n);
      const { address } = (await other.call('GET', `/wallet/get-deposit-address?currency=${currency}`)).body as { address: string };
      const response = await player.call('POST', '/wallet/withdraw', { currency, address, amount: 0.00001 });
      expect(response.status, currency).toBe(200);
    }
    expect((await checkLedger(server.app.db)).ok).toBe(true);
  });
});

describe('deposit event on the live hub', () => {
  const shared = serverPerBlock();

  it("should reach the player's open clients, and only theirs, when demo funds are claimed", async () => {
    const player = await createPlayer(shared.server);
    const bystander = await createPlayer(shared.server);
    const hubUrl = `${shared.server.url}/api/socket`;
    const mine = signalr(hubUrl, player.token);
    const theirs = signalr(hubUrl, bystander.token);
    await Promise.all([mine.start(), theirs.start()]);
    try {
      const heardByBystander: unknown[] = [];
      theirs.on('deposit', (...args: unknown[]) => heardByBystander.push(args));
      const event = nextEvent(mine, 'deposit');
      const claim = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' });
      expect(claim.status).toBe(200);
      expect(await event).toEqual([{ amount: (claim.body as { amount: number }).amount, currency: 'USDT', balance: (claim.body as { balance: number }).balance }]);
      expect((claim.body as { amount: number }).amount).toBe(100);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heardByBystander).toEqual([]);
    } finally {
      await Promise.all([mine.stop(), theirs.stop()]);
    }
  });
});

describe('wallet routes with demo mode off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demoFunds: false });
  });
  afterAll(async () => server.close());

  it('should answer the demo claim with a clear 404 and write nothing', async () => {
    const player = await createPlayer(server);
    const rows = await ledgerRows(server);
    const response = await player.call('POST', '/wallet/claim-demo-funds', { currency: 'BTC' });
    expect(response.status).toBe(404);
    expect((response.body as { message: string }).message).toMatch(/Demo funds are not available/);
    expect(await ledgerRows(server)).toBe(rows);
  });
});
