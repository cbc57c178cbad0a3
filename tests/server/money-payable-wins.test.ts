import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { checkLedger } from '../../src/server/ledger/check';
import { payFromHouse } from '../../src/server/bets/payout';
import { balanceOf, externalAccount, houseAccount, playerAccount, transfer } from '../../src/server/ledger/ledger';
import { insertUser } from '../../src/server/users/repository';
import { openTestDatabase, startTestServer, tempDir } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, ledgerRows } from '../support/wallet';
import type { Player } from '../support/wallet';

/**
 * Issue 13: every game refuses, before anything moves, a bet whose largest possible win is above
 * maxPayout (which is itself capped by the free bankroll). USDT here has coin limits of minBet 0.1,
 * maxBet 100 and maxPayout 10 for every game; LTC has no bankroll at all (maxPayout 0).
 */

const LIMITS = { minBet: 0.1, maxBet: 100, maxPayout: 10 };
const BET_LIMITS = JSON.stringify(
  Object.fromEntries(['dice', 'mines', 'blackjack', 'baccarat'].map((game) => [game, { currencies: { USDT: LIMITS } }])),
);

describe('every win can be paid', () => {
  let server: TestServer;
  beforeAll(async () => {
    const dataDir = tempDir();
    // No demo bankroll: USDT gets a real one below, LTC stays unfunded.
    const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, STATIC_DIR: '', LOG_LEVEL: 'silent', HOUSE_BANKROLL_USD: '0', BET_LIMITS });
    server = await startTestServer({ ...config, dataDir });
    // An investor funds the USDT pool with 10,000 USDT so that 1% of it (100) is above maxPayout.
    const investor = await createPlayer(server);
    await server.app.wallet.creditDeposit(investor.id, 'USDT', 10_000n * 100_000_000n, 'investor-funds');
    expect((await investor.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: '10000' })).status).toBe(200);
  });
  afterAll(async () => server.close());

  async function fundedPlayer(): Promise<Player> {
    const player = await createPlayer(server);
    for (const currency of ['USDT', 'LTC']) {
      expect((await player.call('POST', '/wallet/claim-demo-funds', { currency })).status).toBe(200);
    }
    return player;
  }

  async function expectRefused(player: Player, path: string, body: Record<string, unknown>, message: string) {
    const currency = body.currency as string;
    const before = await balanceOf(server.app.db, playerAccount(player.id, currency));
    const rows = await ledgerRows(server);
    const answer = await player.call('POST', path, body);
    expect({ status: answer.status, message: (answer.body as { message: string }).message }).toEqual({ status: 400, message });
    expect(await balanceOf(server.app.db, playerAccount(player.id, currency))).toBe(before);
    expect(await ledgerRows(server)).toBe(rows);
  }

  it('limits read back as configured, the bankroll being large enough', async () => {
    const answer = await fetch(`${server.url}/api/casino/get-limits?game=mines&currency=USDT`);
    expect(((await answer.json()) as { data: { limit: unknown } }).data.limit).toEqual(LIMITS);
  });

  it('dice keeps to maxBet too, after its profit check', async () => {
    const player = await fundedPlayer();
    // 98% chance: profit 0.0102 per coin, far below maxPayout, but the bet is above maxBet.
    await server.app.wallet.creditDeposit(player.id, 'USDT', 200n * 100_000_000n, `dice-${player.id}`);
    await expectRefused(player, '/dice/bet', { betAmount: '150', currency: 'USDT', chance: 98, target: 'under' }, 'Bet must be less than less 100.00000000 USDT');
    const within = await player.call('POST', '/dice/bet', { betAmount: '100', currency: 'USDT', chance: 98, target: 'under' });
    expect(within.status).toBe(200);
  });

  it('blackjack refuses a bet whose split-and-double win (4 × bet) is above maxPayout', async () => {
    const player = await fundedPlayer();
    await expectRefused(player, '/blackjack/bet', { betAmount: '2.6', currency: 'USDT' }, 'Profit on win must be less than 10.00000000 USDT');
    const within = await player.call('POST', '/blackjack/bet', { betAmount: '2.5', currency: 'USDT' });
    expect(within.status).toBe(200);
  });

  it('baccarat refuses a round whose best outcome (a tie pays 8:1) wins more than maxPayout', async () => {
    const player = await fundedPlayer();
    const tie = { playerBetAmount: 0, tieBetAmount: '1.3', bankerBetAmount: 0, currency: 'USDT' };
    await expectRefused(player, '/baccarat/bet', tie, 'Profit on win must be less than 10.00000000 USDT');
    const player11 = { playerBetAmount: '11', tieBetAmount: 0, bankerBetAmount: 0, currency: 'USDT' };
    await expectRefused(player, '/baccarat/bet', player11, 'Profit on win must be less than 10.00000000 USDT');
    const within = await player.call('POST', '/baccarat/bet', { playerBetAmount: '10', tieBetAmount: '1.25', bankerBetAmount: 0, currency: 'USDT' });
    expect(within.status).toBe(200);
  });

  it('mines refuses a bet whose first gem would already win more than maxPayout', async () => {
    const player = await fundedPlayer();
    // 24 mines: the first gem pays 24.75 ×, so 1 USDT would win 23.75.
    await expectRefused(player, '/mines/bet', { betAmount: '1', minesCount: 24, currency: 'USDT' }, 'Profit on win must be less than 10.00000000 USDT');
    const within = await player.call('POST', '/mines/bet', { betAmount: '0.4', minesCount: 24, currency: 'USDT' });
    expect(within.status).toBe(200);
  });

  it.each([
    ['/dice/bet', { betAmount: '1', currency: 'LTC', chance: 50, target: 'under' }],
    ['/mines/bet', { betAmount: '0.01', minesCount: 1, currency: 'LTC' }],
    ['/blackjack/bet', { betAmount: '0.01', currency: 'LTC' }],
    ['/baccarat/bet', { playerBetAmount: '0.01', tieBetAmount: 0, bankerBetAmount: 0, currency: 'LTC' }],
  ])('%s in a currency without bankroll (maxPayout 0) refuses a bet that could never be paid', async (path, body) => {
    const player = await fundedPlayer();
    await expectRefused(player, path, body, 'Profit on win must be less than 0.00000000 LTC');
  });

  it('leaves a clean ledger', async () => {
    expect(await checkLedger(server.app.db)).toMatchObject({ ok: true, violations: [] });
  });
});

describe('a win the house cannot cover', () => {
  it('is paid in full, the difference booked as owed by the operator (house_shortfall), on either engine', async () => {
    const test = await openTestDatabase();
    try {
      const { db } = test;
      const user = (await insertUser(db, { userName: 'shortfall', email: 'shortfall@example.com', passwordHash: 'x' }))!;
      const player = playerAccount(user.id, 'LTC');
      const house = houseAccount('LTC');
      await transfer(db, { from: externalAccount('LTC'), to: house, amount: 3n, kind: 'bankroll_seed', ref: null });
      const paid = await db.transaction((tx) => payFromHouse(tx, { to: player, currency: 'LTC', amount: 10n, ref: 'test:1' }));
      expect(paid.toBalance).toBe(10n);
      expect(await balanceOf(db, house)).toBe(0n);
      const report = await checkLedger(db);
      expect(report).toMatchObject({ ok: true, violations: [] });
      expect(report.shortfalls).toEqual([{ currency: 'LTC', count: 1, total: 7n }]);
    } finally {
      await test.close();
    }
  });
});
