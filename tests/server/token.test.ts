import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimalToUnits, unitsToNumber } from '../../src/core/money';
import { mine } from '../../src/core/token/mining';
import { rewardsShareOf } from '../../src/core/token/rewards';
import { checkLedger } from '../../src/server/ledger/check';
import { balanceOf, houseAccount, playerAccount } from '../../src/server/ledger/ledger';
import { burnAccount, miningTreasury, rewardsPoolAccount, stakingAccount, unclaimedRewardsAccount } from '../../src/server/token/accounts';
import { loadTokenConfig } from '../../src/server/token/config';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, ledgerRows } from '../support/wallet';
import type { Player } from '../support/wallet';

type Body = Record<string, unknown>;

// Small levels so bets of a few dollars cross them: 2 ACC at $1 per ACC, then 1,000 ACC at $4.
const token = loadTokenConfig({
  TOKEN_TEST_HOOKS: '1',
  TOKEN_MINING_LEVELS: JSON.stringify([
    { supply: 2, difficulty: 1 },
    { supply: 1000, difficulty: 4 },
  ]),
});

describe('token economy over HTTP', () => {
  let server: TestServer;
  const open: HubConnection[] = [];
  beforeAll(async () => {
    server = await startTestServer({ token });
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server.close();
  });

  const db = () => server.app.db;
  const get = async (path: string, player?: Player) => {
    if (player) return player.call('GET', path);
    const response = await fetch(`${server.url}/api${path}`);
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const units = (amount: number | string) => decimalToUnits(amount);
  let deposits = 0;
  /** A player holding `acc` ACC (an on-chain deposit) and $100 of USDT from the demo claim. */
  async function player(acc = '0'): Promise<Player> {
    const p = await createPlayer(server);
    if (acc !== '0') await server.app.wallet.creditDeposit(p.id, 'ACC', units(acc), `tx-${++deposits}`);
    expect((await p.call('POST', '/wallet/claim-demo-funds', { currency: 'USDT' })).status).toBe(200);
    return p;
  }
  const acc = (p: Player) => balanceOf(db(), playerAccount(p.id, 'ACC'));
  const staked = (p: Player) => balanceOf(db(), stakingAccount(p.id));

  describe('public figures', () => {
    it('should answer the token details with supply, price from the ACC rate, market cap and total burned', async () => {
      const { status, body } = await get('/token/get-token-details');
      expect(status).toBe(200);
      const details = (body as { tokenDetails: Body }).tokenDetails;
      expect(details).toMatchObject({
        tokenName: 'ACC Token',
        tokenSymbol: 'ACC',
        chainName: 'Ethereum',
        maxSupply: 1002,
        price: 0.05,
        miningLevelNumber: expect.any(Number),
        miningDifficulty: expect.any(Number),
        totalBurned: expect.any(Number),
      });
      expect(details.contractAddress).toMatch(/^0x[0-9a-f]{40}$/i);
      expect(details.marketCap).toBe(Math.floor((details.circulatingSupply as number) * 0.05 * 100) / 100);
    });

    it('should answer the mining levels and where mining stands', async () => {
      const { body } = await get('/token/get-mining-levels');
      expect((body as Body).miningLevels).toEqual([
        { levelNumber: 1, supply: 2, difficulty: 1 },
        { levelNumber: 2, supply: 1000, difficulty: 4 },
      ]);
      expect((body as { mining: Body }).mining).toMatchObject({ maxSupply: 1002, exhausted: false });
    });

    it('should show visitors the staking page with zero stake and no payouts, and the bankroll pools', async () => {
      const staking = (await get('/token/get-staking-page-data')).body as Body;
      expect(staking).toMatchObject({ userTotalStaked: 0, stakingPayouts: [], dailyPayoutShare: 0.02 });
      expect((staking.pools as Body[]).map((p) => p.currency)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'DOGE']);
      const bankroll = (await get('/token/get-bankroll-page-data')).body as { pools: Body[]; playerInvestments: Body[] };
      expect(bankroll.playerInvestments).toEqual([]);
      const usdt = bankroll.pools.find((p) => p.currency === 'USDT')!;
      expect(usdt.totalStaked).toBe(unitsToNumber(await balanceOf(db(), houseAccount('USDT'))));
      expect(Object.keys(usdt).sort()).toEqual(['currency', 'totalProfit', 'totalStaked', 'wagerVolume']);
      expect((await get('/token/get-burn-history')).body).toEqual({ burnHistory: expect.any(Array) });
      expect((await get('/token/get-payout-history')).body).toEqual({ payoutHistory: expect.any(Array) });
    });

    it.each([
      ['GET', '/token/get-staking-history', undefined],
      ['POST', '/token/claim-rewards', undefined],
      ['POST', '/token/lock', { amount: 'nonsense' }],
      ['POST', '/token/unlock', { amount: 1 }],
      ['POST', '/token/add-liquidity', { currency: 'BTC', amount: 1 }],
      ['POST', '/token/remove-liquidity', { currency: 'BTC', amount: 'all' }],
    ])('should answer a visitor 401 on %s %s before looking at the body', async (method, path, body) => {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
      });
      expect(response.status).toBe(401);
    });
  });

  describe('a dice bet', () => {
    it('should mine ACC across a level boundary, feed the rewards pool and move the bankroll pool figures', async () => {
      const p = await player();
      const before = {
        mined: ((await get('/token/get-mining-levels')).body as { mining: { totalMined: number } }).mining.totalMined,
        pool: await balanceOf(db(), rewardsPoolAccount('USDT')),
        bankroll: ((await get('/token/get-bankroll-page-data')).body as { pools: Body[] }).pools.find((x) => x.currency === 'USDT')!,
      };
      const wager = units('2.5');
      const answer = await p.call('POST', '/dice/bet', { betAmount: 2.5, currency: 'USDT', chance: 50, target: 'under' });
      expect(answer.status).toBe(200);
      const payout = units((answer.body as { bet: { payout: number } }).bet.payout);

      const expected = mine(token.levels, token.maxSupply, units(before.mined), wager, 1);
      expect(expected.levelAfter).toBe(2); // $2.5 at $1 finishes level 1's 2 ACC, the last $0.5 mines at $4
      expect(expected.mined).toBe(units(2) - units(before.mined) + (units('2.5') - (units(2) - units(before.mined))) / 4n);
      expect(await acc(p)).toBe(expected.mined);
      const details = ((await get('/token/get-token-details')).body as { tokenDetails: Body }).tokenDetails;
      expect(details).toMatchObject({ totalTokensMined: unitsToNumber(expected.totalMinedAfter), miningLevelNumber: 2, miningDifficulty: 4 });

      const share = rewardsShareOf(wager, 0.01, 0.2);
      expect(share).toBe(500_000n); // 20% of 1% of 2.5 USDT
      expect((await balanceOf(db(), rewardsPoolAccount('USDT'))) - before.pool).toBe(share);
      const staking = (await get('/token/get-staking-page-data')).body as { pools: Body[] };
      expect(staking.pools.find((x) => x.currency === 'USDT')!.totalStaked).toBe(unitsToNumber(await balanceOf(db(), rewardsPoolAccount('USDT'))));

      const after = ((await get('/token/get-bankroll-page-data')).body as { pools: Body[] }).pools.find((x) => x.currency === 'USDT')!;
      expect(units(after.wagerVolume as number) - units(before.bankroll.wagerVolume as number)).toBe(wager);
      expect(decimalToUnits(String(after.totalProfit)) - decimalToUnits(String(before.bankroll.totalProfit))).toBe(wager - payout - share);
      expect(after.totalStaked).toBe(unitsToNumber(await balanceOf(db(), houseAccount('USDT'))));
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should stop mining at the max supply', async () => {
      const p = await player();
      // Bring mining to 0.01 ACC short of the max supply by hand, then bet $2 (worth 0.5 ACC at $4).
      const left = await balanceOf(db(), miningTreasury());
      await db().transaction(async (tx) => {
        await tx.run(`UPDATE ledger_accounts SET balance = balance - ? WHERE holder = 'mining'`, [left - 1_000_000n]);
        await tx.run(`UPDATE ledger_accounts SET balance = balance + ? WHERE holder = 'external' AND currency = 'ACC'`, [left - 1_000_000n]);
        await tx.run('UPDATE token_mining SET total_mined = total_mined + ?', [left - 1_000_000n]);
      });
      await p.call('POST', '/dice/bet', { betAmount: 2, currency: 'USDT', chance: 50, target: 'under' });
      expect(await acc(p)).toBe(1_000_000n);
      await p.call('POST', '/dice/bet', { betAmount: 2, currency: 'USDT', chance: 50, target: 'under' });
      expect(await acc(p)).toBe(1_000_000n);
      const { mining } = (await get('/token/get-mining-levels')).body as { mining: Body };
      expect(mining).toMatchObject({ totalMined: 1002, unmined: 0, exhausted: true });
      // Undo the hand edit's effect on the ledger check: it moved balances without rows.
      await db().transaction(async (tx) => {
        await tx.run(`UPDATE ledger_accounts SET balance = balance + ? WHERE holder = 'mining'`, [left - 1_000_000n]);
        await tx.run(`UPDATE ledger_accounts SET balance = balance - ? WHERE holder = 'external' AND currency = 'ACC'`, [left - 1_000_000n]);
      });
      expect((await checkLedger(db())).ok).toBe(true);
    });
  });

  describe('locking and unlocking', () => {
    it('should lock, unlock with a 1% fee burned and recorded, and keep the history', async () => {
      const p = await player('10');
      const rows = await ledgerRows(server);
      const locked = await p.call('POST', '/token/lock', { amount: 4 });
      expect(locked.status).toBe(200);
      const totalLocked = (locked.body as Body).totalLocked as number;
      expect(locked.body).toEqual({ amount: 4, balance: 6, totalLocked, userTotalStaked: 4 });
      expect((await ledgerRows(server)) - rows).toBe(2);

      const burnedBefore = await balanceOf(db(), burnAccount());
      const unlocked = await p.call('POST', '/token/unlock', { amount: '2.5' });
      expect(unlocked.status).toBe(200);
      expect(unlocked.body).toMatchObject({ amount: 2.5, fee: 0.025, received: 2.475, balance: 8.475, userTotalStaked: 1.5, totalLocked: totalLocked - 2.5 });
      expect((await balanceOf(db(), burnAccount())) - burnedBefore).toBe(2_500_000n);
      expect(await acc(p)).toBe(units('8.475'));
      expect(await staked(p)).toBe(units('1.5'));

      const burns = ((await get('/token/get-burn-history')).body as { burnHistory: Body[] }).burnHistory;
      expect(burns[0]).toMatchObject({ amount: 0.025, currency: 'ACC', id: expect.any(Number), date: expect.any(String) });
      const details = ((await get('/token/get-token-details')).body as { tokenDetails: Body }).tokenDetails;
      expect(details.totalBurned).toBe(unitsToNumber(await balanceOf(db(), burnAccount())));
      const history = ((await p.call('GET', '/token/get-staking-history')).body as { stakingHistory: Body[] }).stakingHistory;
      expect(history).toEqual([
        { id: expect.any(Number), date: expect.any(String), amount: -2.5, currency: 'ACC', type: 'unlock', fee: 0.025 },
        { id: expect.any(Number), date: expect.any(String), amount: 4, currency: 'ACC', type: 'lock', fee: 0 },
      ]);
      const page = (await get('/token/get-staking-page-data', p)).body as Body;
      expect(page.userTotalStaked).toBe(1.5);
      expect((await checkLedger(db())).ok).toBe(true);
    });

    const badAmounts: Array<[unknown, RegExp]> = [
      [0, /greater than 0/],
      [-1, /greater than 0/],
      ['-2', /greater than 0/],
      ['abc', /must be a number/],
      ['NaN', /must be a number/],
      ['1e3', /must be a number/],
      [0.000000001, /at most 8 decimals/],
      ['1.123456789', /at most 8 decimals/],
      [true, /amount/],
      [null, /amount/],
      [100, /exceeds your/],
    ];
    it.each(badAmounts)('should refuse to lock or unlock %j with a clear message and no change', async (amount, message) => {
      const p = await player('5');
      await p.call('POST', '/token/lock', { amount: 1 });
      const rows = await ledgerRows(server);
      for (const path of ['/token/lock', '/token/unlock']) {
        const answer = await p.call('POST', path, { amount });
        expect(answer.status).toBe(400);
        expect((answer.body as { message: string }).message).toMatch(message);
      }
      expect(await ledgerRows(server)).toBe(rows);
      expect([await acc(p), await staked(p)]).toEqual([units(4), units(1)]);
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should refuse a missing amount, an extra field and a body that is not JSON', async () => {
      const p = await player('1');
      const rows = await ledgerRows(server);
      expect((await p.call('POST', '/token/lock', {})).status).toBe(400);
      expect((await p.call('POST', '/token/lock', { amount: 1, extra: 1 })).status).toBe(400);
      expect((await p.call('POST', '/token/lock', '{"amount":')).status).toBe(400);
      expect(await ledgerRows(server)).toBe(rows);
    });

    it('should let exactly as many of 40 simultaneous locks through as the balance covers, never below zero', async () => {
      const p = await player('10');
      const answers = await Promise.all(Array.from({ length: 40 }, () => p.call('POST', '/token/lock', { amount: 1 })));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(10);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(30);
      expect([await acc(p), await staked(p)]).toEqual([0n, units(10)]);
      const unlocks = await Promise.all(Array.from({ length: 25 }, () => p.call('POST', '/token/unlock', { amount: 0.5 })));
      expect(unlocks.filter((a) => a.status === 200)).toHaveLength(20);
      expect(await staked(p)).toBe(0n);
      expect(await acc(p)).toBe(units('9.9'));
      expect((await checkLedger(db())).ok).toBe(true);
    });
  });

  describe('bankroll pools', () => {
    const ltcPool = async () => ((await get('/token/get-bankroll-page-data')).body as { pools: Body[] }).pools.find((x) => x.currency === 'LTC')!;

    it('should add and remove liquidity by shares at the pool’s value, the house holding the seeded bankroll', async () => {
      const p = await createPlayer(server);
      await server.app.wallet.creditDeposit(p.id, 'LTC', units(10), `tx-${++deposits}`);
      const house = await balanceOf(db(), houseAccount('LTC'));
      const added = await p.call('POST', '/token/add-liquidity', { currency: 'ltc', amount: 4 });
      expect(added.status).toBe(200);
      expect(added.body).toMatchObject({
        currency: 'LTC',
        amount: 4,
        balance: 6,
        pool: { currency: 'LTC', totalStaked: unitsToNumber(house + units(4)) },
        position: { currency: 'LTC', currentInvestment: 4, principal: 4 },
      });
      const share = (added.body as { position: { shareOfTotalBankroll: number } }).position.shareOfTotalBankroll;
      expect(share).toBeCloseTo(Number(units(4)) / Number(house + units(4)), 10);

      const page = (await p.call('GET', '/token/get-bankroll-page-data')).body as { playerInvestments: Body[] };
      expect(page.playerInvestments).toEqual([{ currency: 'LTC', currentInvestment: 4, principal: 4, shareOfTotalBankroll: share }]);

      const removed = await p.call('POST', '/token/remove-liquidity', { currency: 'LTC', amount: 1.5 });
      expect(removed.body).toMatchObject({ amount: 1.5, balance: 7.5, position: { currentInvestment: 2.5, principal: 2.5 } });
      const all = await p.call('POST', '/token/remove-liquidity', { currency: 'LTC', amount: 'all' });
      expect(all.body).toMatchObject({ amount: 2.5, balance: 10, position: { currentInvestment: 0, principal: 0, shareOfTotalBankroll: 0 } });
      expect(((await p.call('GET', '/token/get-bankroll-page-data')).body as { playerInvestments: Body[] }).playerInvestments).toEqual([]);
      expect(await balanceOf(db(), houseAccount('LTC'))).toBe(house);
      expect((await ltcPool()).totalStaked).toBe(unitsToNumber(house));
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should share the bets’ profit and loss with the investors', async () => {
      const investor = await createPlayer(server);
      await server.app.wallet.creditDeposit(investor.id, 'USDT', units(1000), `tx-${++deposits}`);
      await investor.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: 1000 });
      const position = async () =>
        ((await investor.call('GET', '/token/get-bankroll-page-data')).body as { playerInvestments: Array<{ currentInvestment: number; shareOfTotalBankroll: number }> })
          .playerInvestments[0]!;
      const start = await position();
      const houseBefore = await balanceOf(db(), houseAccount('USDT'));
      const bettor = await player();
      for (let i = 0; i < 5; i += 1) await bettor.call('POST', '/dice/bet', { betAmount: 5, currency: 'USDT', chance: 50, target: 'over' });
      const change = (await balanceOf(db(), houseAccount('USDT'))) - houseBefore;
      expect(change).not.toBe(0n);
      const now = await position();
      // The investor's worth moved by its share of the pool's change (to the base unit, floored).
      const expected = Number(units(start.currentInvestment)) + Number(change) * start.shareOfTotalBankroll;
      expect(Math.abs(Number(units(now.currentInvestment)) - expected)).toBeLessThan(2);
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it.each([
      [{ currency: 'BTC', amount: 0 }, 400, /greater than 0/],
      [{ currency: 'BTC', amount: -1 }, 400, /greater than 0/],
      [{ currency: 'BTC', amount: 'lots' }, 400, /must be a number/],
      [{ currency: 'BTC', amount: 0.123456789 }, 400, /at most 8 decimals/],
      [{ currency: 'BTC', amount: 50 }, 400, /exceeds your/],
      [{ currency: 'XYZ', amount: 1 }, 400, /Unknown currency/],
      [{ currency: 'ACC', amount: 1 }, 400, /no bankroll pool/],
      [{ currency: 'BTC' }, 400, /amount is required/],
      [{ amount: 1 }, 400, /currency is required/],
      [{ currency: 'BTC', amount: 1, more: true }, 400, /not allowed/],
    ])('should refuse to add or remove %j with a clear message and no change', async (body, status, message) => {
      const p = await createPlayer(server);
      await server.app.wallet.creditDeposit(p.id, 'BTC', units(2), `tx-${++deposits}`);
      expect((await p.call('POST', '/token/add-liquidity', { currency: 'BTC', amount: 1 })).status).toBe(200);
      const rows = await ledgerRows(server);
      for (const path of ['/token/add-liquidity', '/token/remove-liquidity']) {
        const answer = await p.call('POST', path, body);
        expect(answer.status).toBe(status);
        expect((answer.body as { message: string }).message).toMatch(message);
      }
      expect(await ledgerRows(server)).toBe(rows);
      expect(await balanceOf(db(), playerAccount(p.id, 'BTC'))).toBe(units(1));
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should refuse to remove from a pool the player has no position in', async () => {
      const p = await createPlayer(server);
      const answer = await p.call('POST', '/token/remove-liquidity', { currency: 'ETH', amount: 'all' });
      expect(answer).toMatchObject({ status: 400, body: { error: 'no_position' } });
    });

    it('should let simultaneous removals take out no more than the position', async () => {
      const p = await createPlayer(server);
      await server.app.wallet.creditDeposit(p.id, 'LTC', units(5), `tx-${++deposits}`);
      await p.call('POST', '/token/add-liquidity', { currency: 'LTC', amount: 5 });
      const answers = await Promise.all(Array.from({ length: 30 }, () => p.call('POST', '/token/remove-liquidity', { currency: 'LTC', amount: 0.5 })));
      const paid = answers.filter((a) => a.status === 200).length;
      expect(paid).toBeLessThanOrEqual(10);
      expect(paid).toBeGreaterThanOrEqual(9);
      expect(await balanceOf(db(), playerAccount(p.id, 'LTC'))).toBe(units('0.5') * BigInt(paid));
      expect((await checkLedger(db())).ok).toBe(true);
    });
    it('should keep every share exact while investors add and remove and bettors bet in the same pool at once', async () => {
      const investors = await Promise.all(Array.from({ length: 6 }, () => createPlayer(server)));
      for (const investor of investors) await server.app.wallet.creditDeposit(investor.id, 'DOGE', units(100), `tx-${++deposits}`);
      const bettors = await Promise.all(Array.from({ length: 4 }, () => player()));
      for (const bettor of bettors) await server.app.wallet.creditDeposit(bettor.id, 'DOGE', units(50), `tx-${++deposits}`);
      const answers = await Promise.all([
        ...investors.map(async (investor) => {
          const added = await investor.call('POST', '/token/add-liquidity', { currency: 'DOGE', amount: 40 });
          const removed = await investor.call('POST', '/token/remove-liquidity', { currency: 'DOGE', amount: 10 });
          return [added.status, removed.status];
        }),
        ...bettors.map(async (bettor) => {
          const statuses: number[] = [];
          for (let i = 0; i < 3; i += 1) statuses.push((await bettor.call('POST', '/dice/bet', { betAmount: 1, currency: 'DOGE', chance: 50, target: 'over' })).status);
          return statuses;
        }),
      ]);
      expect(answers.flat().every((status) => status === 200)).toBe(true);
      for (const investor of investors) expect(await balanceOf(db(), playerAccount(investor.id, 'DOGE'))).toBe(units(70));
      // Shares and ledger agree (the check proves each pool's shares are the sum of its positions).
      expect((await checkLedger(db())).ok).toBe(true);
    });
  });

  describe('rewards', () => {
    it('should pay stakers from the rewards pool on a payout run, and let them claim into the wallet', async () => {
      const bettor = await player();
      await bettor.call('POST', '/dice/bet', { betAmount: 10, currency: 'USDT', chance: 50, target: 'under' });
      const staker = await player('100');
      await staker.call('POST', '/token/lock', { amount: 100 });
      const pool = await balanceOf(db(), rewardsPoolAccount('USDT'));
      expect(pool > 0n).toBe(true);

      const run = await fetch(`${server.url}/api/token/run-daily-payout`, { method: 'POST' });
      expect(run.status).toBe(200);
      const ran = (await run.json()) as { ran: boolean; payouts: Body[] };
      expect(ran.ran).toBe(true);
      const usdtPaid = ran.payouts.find((x) => x.currency === 'USDT')!;
      expect(units(usdtPaid.amount as number) <= (pool * 2n) / 100n).toBe(true);

      const page = (await get('/token/get-staking-page-data', staker)).body as { stakingPayouts: Array<{ currency: string; total: number; claimed: number }> };
      const mine = page.stakingPayouts.find((x) => x.currency === 'USDT')!;
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.claimed).toBe(0);
      const history = ((await get('/token/get-payout-history')).body as { payoutHistory: Body[] }).payoutHistory;
      expect(history.find((h) => h.currency === 'USDT')).toMatchObject({ amount: usdtPaid.amount, date: expect.any(String) });

      const usdtBefore = await balanceOf(db(), playerAccount(staker.id, 'USDT'));
      const claim = await staker.call('POST', '/token/claim-rewards');
      expect(claim.status).toBe(200);
      const claimed = claim.body as { walletBalances: Array<{ currency: string; balance: number }>; stakingPayouts: typeof page.stakingPayouts };
      expect(claimed.stakingPayouts.find((x) => x.currency === 'USDT')).toEqual({ currency: 'USDT', total: mine.total, claimed: mine.total });
      expect((await balanceOf(db(), playerAccount(staker.id, 'USDT'))) - usdtBefore).toBe(units(mine.total));
      expect(claimed.walletBalances.find((w) => w.currency === 'USDT')!.balance).toBe(unitsToNumber(usdtBefore + units(mine.total)));
      // Claiming again moves nothing.
      const rows = await ledgerRows(server);
      expect((await staker.call('POST', '/token/claim-rewards', {})).status).toBe(200);
      expect(await ledgerRows(server)).toBe(rows);
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should move each reward once when a player claims twice at the same moment', async () => {
      const bettor = await player();
      await bettor.call('POST', '/dice/bet', { betAmount: 10, currency: 'USDT', chance: 50, target: 'under' });
      const staker = await player('10');
      await staker.call('POST', '/token/lock', { amount: 10 });
      expect((await fetch(`${server.url}/api/token/run-daily-payout`, { method: 'POST' })).status).toBe(200);
      const owed = await balanceOf(db(), unclaimedRewardsAccount(staker.id, 'USDT'));
      expect(owed > 0n).toBe(true);
      const before = await balanceOf(db(), playerAccount(staker.id, 'USDT'));
      const claims = await Promise.all(Array.from({ length: 4 }, () => staker.call('POST', '/token/claim-rewards', {})));
      expect(claims.map((c) => c.status)).toEqual([200, 200, 200, 200]);
      const claimed = claims.flatMap((c) => (c.body as { claimed: Array<{ currency: string; amount: number }> }).claimed).filter((c) => c.currency === 'USDT');
      expect(claimed).toEqual([{ currency: 'USDT', amount: unitsToNumber(owed) }]);
      expect((await balanceOf(db(), playerAccount(staker.id, 'USDT'))) - before).toBe(owed);
      expect(await balanceOf(db(), unclaimedRewardsAccount(staker.id, 'USDT'))).toBe(0n);
      expect((await checkLedger(db())).ok).toBe(true);
    });

    it('should run the scheduled payout once per UTC day through the hook’s clock', async () => {
      const hook = async (at: string) =>
        (await (await fetch(`${server.url}/api/token/run-daily-payout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ at }) })).json()) as {
          ran: boolean;
          runKey: string;
        };
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      expect(await hook(`${tomorrow}T00:00:01.000Z`)).toMatchObject({ ran: true, runKey: tomorrow });
      expect(await hook(`${tomorrow}T13:00:00.000Z`)).toMatchObject({ ran: false });
    });

    it('should not offer the payout hook without TOKEN_TEST_HOOKS', async () => {
      const plain = await startTestServer();
      try {
        expect((await fetch(`${plain.url}/api/token/run-daily-payout`, { method: 'POST' })).status).toBe(404);
      } finally {
        await plain.close();
      }
    });
  });

  describe('live events', () => {
    function connect(p?: Player) {
      const connection = new HubConnectionBuilder()
        .withUrl(`${server.url}/api/socket`, { transport: HttpTransportType.WebSockets, ...(p ? { accessTokenFactory: () => p.token } : {}) })
        .configureLogging(LogLevel.None)
        .build();
      open.push(connection);
      return connection;
    }

    it('should tell the player of its locks, unlocks and liquidity, and everyone the new totals', async () => {
      const p = await player('3');
      const other = await player();
      const mine = connect(p);
      const theirs = connect(other);
      const visitor = connect();
      const got: Record<string, Array<[string, unknown]>> = { mine: [], theirs: [], visitor: [] };
      const events = ['lockedTokens', 'unlockedTokens', 'invested', 'divested', 'stakingTotals', 'bankrollPool'];
      for (const [name, connection] of [['mine', mine], ['theirs', theirs], ['visitor', visitor]] as const) {
        for (const event of events) connection.on(event, (payload: unknown) => got[name]!.push([event, payload]));
      }
      await Promise.all([mine.start(), theirs.start(), visitor.start()]);

      const locked = (await p.call('POST', '/token/lock', { amount: 2 })).body as Body;
      const unlocked = (await p.call('POST', '/token/unlock', { amount: 1 })).body as Body;
      const invested = (await p.call('POST', '/token/add-liquidity', { currency: 'USDT', amount: 10 })).body as Body;
      const divested = (await p.call('POST', '/token/remove-liquidity', { currency: 'USDT', amount: 'all' })).body as Body;
      await new Promise((resolve) => setTimeout(resolve, 300));

      const names = (list: Array<[string, unknown]>) => list.map(([event]) => event);
      expect(names(got.mine!)).toEqual(['lockedTokens', 'stakingTotals', 'unlockedTokens', 'stakingTotals', 'invested', 'bankrollPool', 'divested', 'bankrollPool']);
      expect(names(got.theirs!)).toEqual(['stakingTotals', 'stakingTotals', 'bankrollPool', 'bankrollPool']);
      expect(got.visitor).toEqual(got.theirs);
      expect(got.mine![0]![1]).toEqual({ amount: 2, balance: 1, totalLocked: locked.totalLocked, userTotalStaked: 2 });
      expect(got.mine![2]![1]).toMatchObject({ amount: 1, balance: 1.99, totalLocked: unlocked.totalLocked, userTotalStaked: 1, fee: 0.01 });
      expect(got.theirs![1]![1]).toEqual({ totalLocked: unlocked.totalLocked, totalBurned: unlocked.totalBurned });
      expect(got.mine![4]![1]).toEqual({ currency: 'USDT', amount: 10, pool: invested.pool, position: invested.position });
      expect(got.mine![6]![1]).toEqual({ currency: 'USDT', amount: divested.amount, pool: divested.pool, position: divested.position });
      expect(got.theirs![3]![1]).toEqual({ pool: divested.pool });
    });
  });
});
