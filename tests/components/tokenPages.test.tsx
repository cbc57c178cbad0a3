import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { signedInStorage } from '../support/appReads';
import { contractBreach, memoryStorage } from '../support/fakeApi';
import { renderApp } from './renderApp';

type Reply = { status: number; body: unknown };

const TOKEN_READS: Record<string, unknown> = {
  '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: 100_000 }, { symbol: 'USDT', exchangeRate: 1 }, { symbol: 'ACC', exchangeRate: 0.05 }],
  '/wallet/get-wallets': [{ currencySymbol: 'BTC', balance: 0.5 }, { currencySymbol: 'ACC', balance: 12 }],
  '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
  '/token/get-token-details': {
    tokenDetails: {
      tokenName: 'ACC Token', tokenSymbol: 'ACC', chainName: 'Ethereum', contractAddress: '0x00acc', maxSupply: 100_000_000,
      totalSupply: 1234.5, circulatingSupply: 1000.5, price: 0.05, marketCap: 50.02, totalTokensMined: 1250, totalBurned: 15.5,
      totalLocked: 234, miningLevelNumber: 1, miningDifficulty: 10,
    },
  },
  '/token/get-mining-levels': {
    miningLevels: [{ levelNumber: 1, supply: 500_000, difficulty: 10 }, { levelNumber: 2, supply: 1_000_000, difficulty: 12 }],
    mining: { maxSupply: 100_000_000, totalMined: 125_000, unmined: 0, levelNumber: 1, difficulty: 10, levelSupply: 500_000, minedInLevel: 125_000, remainingInLevel: 375_000, exhausted: false },
  },
  '/token/get-burn-history': { burnHistory: [{ id: 3, date: '2025-01-02T10:00:00Z', amount: 0.025, currency: 'ACC' }] },
  '/token/get-payout-history': { payoutHistory: [] },
  '/token/get-staking-history': { stakingHistory: [] },
};

const DAY_MS = 86_400_000;
const visitorStaking = {
  pools: [{ currency: 'BTC', totalStaked: 0.5 }],
  totalLocked: 234,
  userTotalStaked: 0,
  stakingPayouts: [],
  dailyPayoutShare: 0.02,
  unlockFee: 0.01,
  nextPayoutAt: new Date((Math.floor(Date.now() / DAY_MS) + 1) * DAY_MS).toISOString(),
};
const playerStaking = { ...visitorStaking, userTotalStaked: 12, stakingPayouts: [{ currency: 'BTC', total: 0.0001, claimed: 0.00004 }] };
const bankroll = (withPosition: boolean) => ({
  pools: [{ currency: 'BTC', totalStaked: 10, totalProfit: 0.5, wagerVolume: 20 }],
  playerInvestments: withPosition ? [{ currency: 'BTC', currentInvestment: 0.0101, principal: 0.01, shareOfTotalBankroll: 0.001 }] : [],
});

function fakeApi(routes: Record<string, (body: Record<string, unknown>, auth: string | null) => Reply> = {}) {
  const calls: Array<{ method: string; path: string; body: Record<string, unknown> }> = [];
  // Every answer is held to its route's contract, as in tests/support/fakeApi.ts.
  const breaches: string[] = [];
  onTestFinished(() => {
    if (breaches.length) throw new Error(breaches.join('\n'));
  });
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api/, '');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ method: init?.method ?? 'GET', path, body });
    const route = routes[path];
    const reply = route ? route(body, auth) : path in TOKEN_READS ? { status: 200, body: TOKEN_READS[path] } : { status: 404, body: { error: 'not_found', message: 'Not found' } };
    const breach = route || path in TOKEN_READS ? contractBreach(init?.method ?? 'GET', path, reply.status, reply.body) : null;
    if (breach) {
      breaches.push(breach);
      throw new Error(breach);
    }
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const stakingRoute = () => ({
  '/token/get-staking-page-data': (_: unknown, auth: string | null) => ({ status: 200, body: auth ? playerStaking : visitorStaking }),
});

function renderAt(path: string, options: { storage?: Storage; routes?: Parameters<typeof fakeApi>[0] } = {}) {
  const api = fakeApi(options.routes);
  const { clock } = renderApp(path, { fetch: api.fetch, storage: options.storage ?? memoryStorage() });
  return Object.assign(api, { clock });
}

describe('token page', () => {
  it('should show the price, market cap, total burned, utilities, roadmap and calls to action', async () => {
    renderAt('/token');
    expect(await screen.findByText('$0.05')).toBeTruthy();
    expect(screen.getByTestId('token-market-cap').textContent).toBe('$50.02');
    expect(screen.getByTestId('token-total-burned').textContent).toBe('15.500 ACC');
    expect(screen.getByRole('heading', { name: 'Utilities' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Roadmap' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Staking' }).getAttribute('href')).toBe('/staking');
  });
});

describe('mining page', () => {
  it('should show the level, difficulty, total mined, the progress bar and the levels table', async () => {
    renderAt('/mining');
    expect((await screen.findByTestId('mining-level')).textContent).toBe('Level 1');
    await waitFor(() => expect(screen.getByTestId('mining-total-mined').textContent).toBe('125000.000 ACC'));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['LevelSupplyDifficulty', 'Level 1500,000 ACC$10 / ACC', 'Level 21,000,000 ACC$12 / ACC']);
    expect(screen.queryByTestId('mining-your-acc')).toBeNull();
  });
});

describe('staking page', () => {
  it('should show a visitor the pools, the 2% next payout, a countdown and the Burn and Payout tabs; Lock opens the login modal', async () => {
    const { clock } = renderAt('/staking', { routes: stakingRoute() });
    await waitFor(() => expect(screen.getByTestId('staking-next-payout').textContent).toBe('$1,000.00'));
    expect(screen.getByTestId('staking-pool-value').textContent).toBe('$50,000.00');
    const countdown = () => screen.getByTestId('staking-countdown').textContent ?? '';
    expect(countdown()).toMatch(/^\d\d:\d\d:\d\d$/);
    // The countdown ticks with the app's clock.
    const seconds = (hms: string) => hms.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    const before = seconds(countdown());
    await clock.advance(5_000);
    expect(seconds(countdown())).toBe(before - 5);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Burn', 'Payout']);
    expect(await screen.findByText('0.02500000 ACC')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Log in' }).getAttribute('aria-selected')).toBe('true');
  });

  it('should show a player My Rewards, their stake, the Staking tab, and claim into the wallet', async () => {
    const api = renderAt('/staking', {
      storage: signedInStorage(),
      routes: {
        ...stakingRoute(),
        '/token/claim-rewards': () => ({
          status: 200,
          body: { walletBalances: [{ currency: 'BTC', balance: 0.50006 }], stakingPayouts: [{ currency: 'BTC', total: 0.0001, claimed: 0.0001 }], claimed: [{ currency: 'BTC', amount: 0.00006 }] },
        }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('reward-available-BTC').textContent).toBe('0.00006000'));
    expect(screen.getByTestId('staking-user-staked').textContent).toBe('12.000 ACC');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Burn', 'Payout', 'Staking']);
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(screen.getByTestId('reward-available-BTC').textContent).toBe('0.00000000'));
    expect((screen.getByRole('button', { name: 'Claim' }) as HTMLButtonElement).disabled).toBe(true);
    // The wallet reads its balances again after the claim.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/wallet/get-wallets').length).toBeGreaterThanOrEqual(2));
  });

  it('should lock ACC through the LockTokens modal, check the amount, and show the new stake', async () => {
    renderAt('/staking', {
      storage: signedInStorage(),
      routes: {
        ...stakingRoute(),
        '/token/lock': (body) => ({ status: 200, body: { amount: Number(body.amount), balance: 12 - Number(body.amount), totalLocked: 238, userTotalStaked: 16 } }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('staking-wallet-acc').textContent).toBe('12.000 ACC'));
    fireEvent.click(screen.getByRole('button', { name: 'Lock' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (ACC)'), { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Amount exceeds your balance of 12.00000000 ACC');
    fireEvent.change(within(dialog).getByLabelText('Amount (ACC)'), { target: { value: '4' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Lock' }));
    });
    expect((await within(dialog).findByRole('status')).textContent).toBe('Locked 4.000 ACC. Your stake is now 16.000 ACC.');
    expect(screen.getByTestId('staking-user-staked').textContent).toBe('16.000 ACC');
    expect(screen.getByTestId('staking-wallet-acc').textContent).toBe('8.000 ACC');
  });

  it('should show the 1% fee in the UnlockTokens modal and the server refusal', async () => {
    renderAt('/staking', {
      storage: signedInStorage(),
      routes: { ...stakingRoute(), '/token/unlock': () => ({ status: 400, body: { error: 'insufficient_funds', message: 'Amount exceeds your locked balance of 1.50000000 ACC' } }) },
    });
    await waitFor(() => expect(screen.getByTestId('staking-user-staked').textContent).toBe('12.000 ACC'));
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Amount (ACC)'), { target: { value: '2.5' } });
    expect(within(dialog).getByTestId('unlock-fee').textContent).toBe('Fee burned (1%)0.02500000 ACCYou receive2.47500000 ACC');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Amount exceeds your locked balance of 1.50000000 ACC');
  });
});

describe('earn page', () => {
  it('should show a visitor the totals and pools; Add opens the login modal', async () => {
    renderAt('/earn', { routes: { '/token/get-bankroll-page-data': () => ({ status: 200, body: bankroll(false) }) } });
    await waitFor(() => expect(screen.getByTestId('earn-tvl').textContent).toBe('$1,000,000.00'));
    expect(screen.getByText('Log in and add liquidity to see your positions here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add liquidity to the BTC pool' }));
    expect(within(await screen.findByRole('dialog')).getByRole('tab', { name: 'Log in' })).toBeTruthy();
  });

  it('should remove a whole position with All and drop it from My Positions', async () => {
    const api = renderAt('/earn', {
      storage: signedInStorage(),
      routes: {
        '/token/get-bankroll-page-data': () => ({ status: 200, body: bankroll(true) }),
        '/token/remove-liquidity': () => ({
          status: 200,
          body: {
            currency: 'BTC', amount: 0.0101, balance: 0.5101,
            pool: { currency: 'BTC', totalStaked: 9.9899, totalProfit: 0.5, wagerVolume: 20 },
            position: { currency: 'BTC', currentInvestment: 0, principal: 0, shareOfTotalBankroll: 0 },
          },
        }),
      },
    });
    await waitFor(() => expect(screen.getByTestId('position-value-BTC').textContent).toBe('0.01010000'));
    fireEvent.click(screen.getByRole('button', { name: 'Remove liquidity from the BTC pool' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    });
    await within(dialog).findByRole('status');
    expect(api.calls.find((c) => c.path === '/token/remove-liquidity')?.body).toEqual({ currency: 'BTC', amount: 'all' });
    expect(screen.queryByTestId('position-BTC')).toBeNull();
    expect(screen.getByText('No positions yet. Add liquidity to a pool to start earning.')).toBeTruthy();
  });
});
