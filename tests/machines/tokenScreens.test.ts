import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, SimulatedClock } from 'xstate';
import { earnMachine, NEAR_ZERO_POSITION } from '../../machines/earn/machine';
import type { BankrollData, PositionChange } from '../../machines/earn/machine';
import { bankrollTotals } from '../../machines/earn/selectors';
import { miningMachine } from '../../machines/mining/machine';
import type { MiningData } from '../../machines/mining/machine';
import { levelProgress } from '../../machines/mining/selectors';
import { msUntilNextMidnightUtc, stakingMachine } from '../../machines/staking/machine';
import type { ClaimResult, HistoryItem, StakingPageData } from '../../machines/staking/machine';
import { nextPayoutOf, selectCountdown, selectShownHistory } from '../../machines/staking/selectors';
import { tokenPageMachine } from '../../machines/token/machine';
import type { TokenDetails } from '../../machines/token/machine';
import { checkAmount, createTokenActionMachine, wireAmount } from '../../machines/tokenAction/machine';
import type { TokenActionKind } from '../../machines/tokenAction/machine';
import { unlockPreview } from '../../machines/tokenAction/selectors';
import { CoverageTracker, doneOrFailed, PathModel, replaysCoverTheChart } from '../support/modelPaths';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const never = <T>() => fromPromise<T, void>(() => new Promise<T>(() => {}));

const details: TokenDetails = {
  tokenName: 'ACC Token', tokenSymbol: 'ACC', chainName: 'Ethereum', contractAddress: '0xabc', maxSupply: 100_000_000,
  totalSupply: 1234.5, circulatingSupply: 1000.5, price: 0.05, marketCap: 50.02, totalTokensMined: 1250, totalBurned: 15.5,
  totalLocked: 234, miningLevelNumber: 1, miningDifficulty: 10,
};
const miningData: MiningData = {
  miningLevels: [{ levelNumber: 1, supply: 500_000, difficulty: 10 }, { levelNumber: 2, supply: 1_000_000, difficulty: 12 }],
  mining: { maxSupply: 100_000_000, totalMined: 1250, unmined: 99_998_750, levelNumber: 1, difficulty: 10, levelSupply: 500_000, minedInLevel: 1250, remainingInLevel: 498_750, exhausted: false },
};
const stakingData: StakingPageData = {
  pools: [{ currency: 'BTC', totalStaked: 0.5 }], totalLocked: 234, userTotalStaked: 12,
  stakingPayouts: [{ currency: 'BTC', total: 0.00001, claimed: 0.000004 }], dailyPayoutShare: 0.02, unlockFee: 0.01, nextPayoutAt: '2026-11-23T00:00:00.000Z',
};
const claimResult: ClaimResult = {
  walletBalances: [{ currency: 'BTC', balance: 1 }],
  stakingPayouts: [{ currency: 'BTC', total: 0.00001, claimed: 0.00001 }],
  claimed: [{ currency: 'BTC', amount: 0.000006 }],
};
const burns: HistoryItem[] = [{ id: 1, date: '2025-01-01T00:00:00Z', amount: 0.025, currency: 'ACC' }];
const bankroll: BankrollData = {
  pools: [{ currency: 'BTC', totalStaked: 10, totalProfit: 0.1, wagerVolume: 2 }],
  playerInvestments: [{ currency: 'BTC', currentInvestment: 0.0101, principal: 0.01, shareOfTotalBankroll: 0.001 }],
};
const invested: PositionChange = {
  currency: 'BTC', amount: 0.01, balance: 0.5,
  pool: { currency: 'BTC', totalStaked: 10.01, totalProfit: 0.1, wagerVolume: 2 },
  position: { currency: 'BTC', currentInvestment: 0.0201, principal: 0.02, shareOfTotalBankroll: 0.002 },
};
const divestedAll: PositionChange = {
  currency: 'BTC', amount: 0.0201, balance: 0.52,
  pool: { currency: 'BTC', totalStaked: 9.99, totalProfit: 0.1, wagerVolume: 2 },
  position: { currency: 'BTC', currentInvestment: 0, principal: 0, shareOfTotalBankroll: 0 },
};
const stakeChange = { amount: 4, balance: 6, totalLocked: 238, userTotalStaked: 16 };

function recorder() {
  const calls: Array<[string, unknown]> = [];
  const record = (name: string) => (_: unknown, params?: unknown) => void calls.push([name, params]);
  return { calls, record };
}

/** Runs a model's paths and asserts that together they cover every state and transition. */
function modelSuite(name: string, machine: AnyStateMachine, models: PathModel[], coverage: CoverageTracker, execute?: (actor: AnyActorRef, event: { type: string }, clock: SimulatedClock) => void) {
  describe(`${name}: model-based paths`, () => {
    const cases = models.flatMap((model, i) => model.paths.map((path) => [`${i}: ${path.description}`, model, path] as const));
    replaysCoverTheChart(cases, coverage, execute ? { execute } : {});
  });
  return machine;
}

/** A loading screen's model: nothing in its context steers the chart, so the state value alone is a vertex. */
function loaderModelSuite(name: string, machine: AnyStateMachine, events: Array<{ type: string } & Record<string, unknown>>) {
  const coverage = new CoverageTracker(machine);
  const model = new PathModel({ machine, coverage, serializeState: ((s: AnyMachineSnapshot) => JSON.stringify(s.value)) as never, events: events as never });
  modelSuite(name, machine, [model], coverage);
}

describe('token page', () => {
  it('should show the figures once loaded and offer Retry after a failure', async () => {
    let fail = true;
    const machine = tokenPageMachine.provide({
      actors: { loadTokenDetails: fromPromise(async () => { if (fail) throw new Error('down'); return details; }) },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    fail = false;
    actor.send({ type: 'user.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.details?.totalBurned).toBe(15.5);
  });

  const machine = tokenPageMachine.provide({ actors: { loadTokenDetails: never<TokenDetails>() } });
  loaderModelSuite('tokenPage', machine, [
    { type: 'user.retry' },
    ...doneOrFailed('tokenPage.loading', details),
  ]);
});

describe('mining', () => {
  it('should read the figures again every 15 s and ask the wallet to follow what was mined', async () => {
    const { calls, record } = recorder();
    let mined = 1250;
    const machine = miningMachine.provide({
      actors: { loadMining: fromPromise(async () => ({ ...miningData, mining: { ...miningData.mining, totalMined: mined, minedInLevel: mined } })) },
      actions: { refreshWallet: record('refreshWallet') },
      delays: { miningRefresh: 5 },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().context.data?.mining.totalMined).toBe(1250);
    mined = 1300;
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().context.data?.mining.totalMined).toBe(1300);
    expect(calls.filter(([n]) => n === 'refreshWallet').length).toBeGreaterThanOrEqual(2);
    actor.stop();
  });

  it('should measure the progress bar as mined in level / level supply', () => {
    expect(levelProgress(miningData)).toBeCloseTo(0.0025);
    expect(levelProgress({ ...miningData, mining: { ...miningData.mining, exhausted: true } })).toBe(1);
  });

  const machine = miningMachine.provide({ actors: { loadMining: never<MiningData>() } });
  loaderModelSuite('mining', machine, [
    { type: 'user.retry' },
    ...doneOrFailed('mining.loading', miningData),
    ...doneOrFailed('mining.refreshing', miningData),
    { type: 'xstate.after.miningRefresh.mining.ready' },
  ]);
});

describe('staking', () => {
  function stakingFakes(overrides: Record<string, unknown> = {}) {
    const { calls, record } = recorder();
    const machine = stakingMachine.provide({
      actors: {
        loadStakingData: fromPromise(async () => stakingData),
        claimRewards: fromPromise(async () => claimResult),
        loadBurnHistory: fromPromise(async () => burns),
        loadPayoutHistory: fromPromise(async (): Promise<HistoryItem[]> => []),
        loadStakingHistory: fromPromise(async (): Promise<HistoryItem[]> => []),
        ...overrides,
      },
      actions: {
        openLogin: record('openLogin'),
        openModal: record('openModal'),
        reportBalance: record('reportBalance'),
        reloadWallet: record('reloadWallet'),
        // A fake clock: each countdown tick reads one second later.
        syncClock: assign({ now: ({ context }) => context.now + 1000 }),
      },
    });
    return { machine, calls };
  }

  /** The staking screen with its fakes, once its first load has settled. */
  async function startedStaking(signedIn: boolean) {
    const { machine, calls } = stakingFakes();
    const actor = createActor(machine, { input: { signedIn, now: 0 } }).start();
    await settle();
    return { actor, calls };
  }

  it('should open the login modal for a visitor who locks, unlocks or claims (docs/product.md §6)', async () => {
    const { actor, calls } = await startedStaking(false);
    actor.send({ type: 'user.lock' });
    actor.send({ type: 'user.unlock' });
    actor.send({ type: 'user.claim' });
    expect(calls.map(([n]) => n)).toEqual(['openLogin', 'openLogin', 'openLogin']);
    expect(actor.getSnapshot().can({ type: 'user.selectHistoryTab', tab: 'staking' })).toBe(false);
  });

  it('should open LockTokens and UnlockTokens (with the stake and fee) for a player', async () => {
    const { actor, calls } = await startedStaking(true);
    actor.send({ type: 'user.lock' });
    actor.send({ type: 'user.unlock' });
    expect(calls).toEqual([
      ['openModal', { name: 'LockTokens', params: {} }],
      ['openModal', { name: 'UnlockTokens', params: { staked: 12, fee: 0.01 } }],
    ]);
  });

  it('should claim the rewards into the wallet and disable Claim when nothing is left', async () => {
    const { actor, calls } = await startedStaking(true);
    expect(actor.getSnapshot().can({ type: 'user.claim' })).toBe(true);
    actor.send({ type: 'user.claim' });
    expect(actor.getSnapshot().hasTag('claiming')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.data?.stakingPayouts).toEqual(claimResult.stakingPayouts);
    expect(calls.map(([n]) => n)).toContain('reloadWallet');
    expect(actor.getSnapshot().can({ type: 'user.claim' })).toBe(false);
  });

  it('should follow lockedTokens with absolute figures and report the ACC balance to the wallet', async () => {
    const { actor, calls } = await startedStaking(true);
    actor.send({ type: 'server.lockedTokens', payload: stakeChange });
    actor.send({ type: 'server.lockedTokens', payload: stakeChange });
    expect(actor.getSnapshot().context.data).toMatchObject({ totalLocked: 238, userTotalStaked: 16 });
    expect(calls.filter(([n]) => n === 'reportBalance')[0]).toEqual(['reportBalance', { currency: 'ACC', balance: 6 }]);
  });

  it('should load each history lazily once, reload the burn history after an unlock, and reset on logout', async () => {
    let burnLoads = 0;
    let payoutLoads = 0;
    const { machine } = stakingFakes({
      loadBurnHistory: fromPromise(async () => { burnLoads += 1; return burns; }),
      loadPayoutHistory: fromPromise(async (): Promise<HistoryItem[]> => { payoutLoads += 1; return []; }),
    });
    const actor = createActor(machine, { input: { signedIn: true, now: 0 } }).start();
    await settle();
    expect([burnLoads, payoutLoads]).toEqual([1, 0]);
    actor.send({ type: 'user.selectHistoryTab', tab: 'payout' });
    await settle();
    actor.send({ type: 'user.selectHistoryTab', tab: 'burn' });
    actor.send({ type: 'user.selectHistoryTab', tab: 'payout' });
    await settle();
    expect([burnLoads, payoutLoads]).toEqual([1, 1]);
    actor.send({ type: 'user.selectHistoryTab', tab: 'burn' });
    actor.send({ type: 'server.unlockedTokens', payload: { ...stakeChange, fee: 0.04 } });
    await settle();
    expect(burnLoads).toBe(2);
    actor.send({ type: 'user.selectHistoryTab', tab: 'staking' });
    await settle();
    expect(selectShownHistory(actor.getSnapshot()).tab).toBe('staking' as string);
    actor.send({ type: 'auth.loggedOut' });
    await settle();
    expect(selectShownHistory(actor.getSnapshot()).tab).toBe('burn');
    expect(actor.getSnapshot().context.payoutHistory).toEqual([]);
    expect(actor.getSnapshot().matches({ history: { payout: 'idle' } } as never)).toBe(true);
    expect(burnLoads).toBe(3);
  });

  it('should count down to the next midnight UTC and show the next payout as 2% of the pool', () => {
    const now = Date.UTC(2025, 0, 2, 23, 59, 58);
    expect(msUntilNextMidnightUtc(now)).toBe(2000);
    expect(msUntilNextMidnightUtc(Date.UTC(2025, 0, 3))).toBe(86_400_000);
    const actor = createActor(stakingFakes().machine, { input: { signedIn: false, now: Date.UTC(2025, 0, 2, 20, 30, 5) } }).start();
    expect(selectCountdown(actor.getSnapshot())).toBe('03:29:55');
    expect(nextPayoutOf(0.5)).toBe(0.01);
    expect(nextPayoutOf(0.00000049)).toBe(0);
  });

  // Fakes that never settle; synthetic done/error events decide. The payout delay is a function of
  // the clock, so its `after` event is sent as it is (the other delays advance the simulated clock).
  const { machine: base } = stakingFakes();
  const machine = base.provide({
    actors: {
      loadStakingData: never<StakingPageData>(),
      claimRewards: never<ClaimResult>(),
      loadBurnHistory: never<HistoryItem[]>(),
      loadPayoutHistory: never<HistoryItem[]>(),
      loadStakingHistory: never<HistoryItem[]>(),
    },
  });
  const serializeState = (s: AnyMachineSnapshot) => {
    const data = s.context.data as StakingPageData | null;
    return JSON.stringify([s.value, data ? [data.userTotalStaked > 0, data.stakingPayouts.some((p) => p.total > p.claimed)] : null]);
  };
  const coverage = new CoverageTracker(machine);
  const pageEvents = [
    { type: 'auth.loggedIn' },
    { type: 'auth.loggedOut' },
    { type: 'user.retry' },
    { type: 'user.claim' },
    { type: 'user.lock' },
    { type: 'user.unlock' },
    { type: 'server.lockedTokens', payload: stakeChange },
    { type: 'server.unlockedTokens', payload: stakeChange },
    ...doneOrFailed('staking.data.loading', stakingData),
    ...doneOrFailed('staking.data.refreshing', stakingData),
    ...doneOrFailed('staking.rewards.claiming', claimResult),
    { type: 'xstate.after.countdownTick.staking.clock.ticking' },
    { type: 'xstate.after.dataRefresh.staking.data.ready' },
    { type: 'xstate.after.untilPayout.staking.data.ready' },
  ];
  const historyEvents = [
    { type: 'auth.loggedIn' },
    { type: 'auth.loggedOut' },
    ...(['burn', 'payout', 'staking'] as const).flatMap((tab) => [
      { type: 'user.selectHistoryTab', tab },
      { type: 'user.retryHistory', tab },
      ...doneOrFailed(`staking.history.${tab}.loading`, burns),
    ]),
    { type: 'server.lockedTokens', payload: stakeChange },
    { type: 'server.unlockedTokens', payload: stakeChange },
    { type: 'staking.payoutDue' },
  ];
  const models = [false, true].flatMap((signedIn) => [
    new PathModel({ machine, input: { signedIn, now: 0 }, events: pageEvents as never, serializeState: serializeState as never, coverage }),
    new PathModel({ machine, input: { signedIn, now: 0 }, events: historyEvents as never, serializeState: serializeState as never, coverage }),
  ]);
  modelSuite('staking', machine, models, coverage, (actor, event, clock) => {
    if (event.type === 'xstate.after.countdownTick.staking.clock.ticking') clock.increment(1000);
    else if (event.type === 'xstate.after.dataRefresh.staking.data.ready') clock.increment(30_000);
    else actor.send(event);
  });
});

describe('earn', () => {
  it('should open the login modal for a visitor, and the modals with the position for a player', async () => {
    const { calls, record } = recorder();
    const machine = earnMachine.provide({
      actors: { loadBankroll: fromPromise(async () => bankroll) },
      actions: { openLogin: record('openLogin'), openModal: record('openModal') },
    });
    const visitor = createActor(machine, { input: { signedIn: false } }).start();
    await settle();
    visitor.send({ type: 'user.addLiquidity', currency: 'BTC' });
    const player = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    player.send({ type: 'user.addLiquidity', currency: 'BTC' });
    player.send({ type: 'user.removeLiquidity', currency: 'BTC' });
    expect(player.getSnapshot().can({ type: 'user.removeLiquidity', currency: 'ETH' })).toBe(false);
    expect(calls).toEqual([
      ['openLogin', undefined],
      ['openModal', { name: 'AddLiquidity', params: { currency: 'BTC' } }],
      ['openModal', { name: 'RemoveLiquidity', params: { currency: 'BTC', position: 0.0101 } }],
    ]);
  });

  it('should replace the pool and position on invested and drop a near-zero position on divested', async () => {
    const machine = earnMachine.provide({ actors: { loadBankroll: fromPromise(async () => bankroll) } });
    const actor = createActor(machine, { input: { signedIn: true } }).start();
    await settle();
    actor.send({ type: 'server.invested', payload: invested });
    expect(actor.getSnapshot().context.pools[0]?.totalStaked).toBe(10.01);
    expect(actor.getSnapshot().context.playerInvestments[0]?.currentInvestment).toBe(0.0201);
    actor.send({ type: 'server.divested', payload: { ...divestedAll, position: { ...divestedAll.position, currentInvestment: NEAR_ZERO_POSITION / 2 } } });
    expect(actor.getSnapshot().context.playerInvestments).toEqual([]);
    actor.send({ type: 'auth.loggedOut' });
    expect(actor.getSnapshot().context.playerInvestments).toEqual([]);
  });

  it('should total the pools in dollars', () => {
    expect(bankrollTotals(bankroll.pools, { BTC: 100 })).toEqual({ valueLocked: 1000, profit: 10, volume: 200 });
  });

  const machine = earnMachine.provide({ actors: { loadBankroll: never<BankrollData>() } });
  const coverage = new CoverageTracker(machine);
  const serializeState = (s: AnyMachineSnapshot) =>
    JSON.stringify([s.value, s.context.pools.length, (s.context.playerInvestments as Array<{ currency: string }>).map((p) => p.currency)]);
  const events = [
    { type: 'auth.loggedIn' },
    { type: 'auth.loggedOut' },
    { type: 'user.retry' },
    { type: 'user.addLiquidity', currency: 'BTC' },
    { type: 'user.removeLiquidity', currency: 'BTC' },
    { type: 'server.invested', payload: invested },
    { type: 'server.divested', payload: divestedAll },
    ...doneOrFailed('earn.data.loading', bankroll),
    ...doneOrFailed('earn.data.refreshing', bankroll),
    { type: 'xstate.after.bankrollRefresh.earn.data.ready' },
  ];
  const models = [false, true].map(
    (signedIn) => new PathModel({ machine, input: { signedIn }, events: events as never, serializeState: serializeState as never, coverage }),
  );
  modelSuite('earn', machine, models, coverage);
});

for (const kind of ['lockTokens', 'unlockTokens', 'addLiquidity', 'removeLiquidity'] as TokenActionKind[]) describe(`${kind} modal`, () => {
  const currency = kind === 'lockTokens' || kind === 'unlockTokens' ? 'ACC' : 'BTC';

  it('should refuse an empty, zero or too large amount with a message, and send a valid one', async () => {
    const sent: Array<{ currency: string; amount: string }> = [];
    const { calls, record } = recorder();
    const machine = createTokenActionMachine(kind).provide({
      actors: { submit: fromPromise(async ({ input }) => { sent.push(input); return { amount: 1, balance: 4 }; }) },
      actions: { announceResult: record('announceResult'), closeModal: record('closeModal') },
    });
    const actor = createActor(machine, { input: { currency } }).start();
    actor.send({ type: 'user.submit', available: 5 });
    expect(actor.getSnapshot().context.message).toBe('Enter an amount');
    actor.send({ type: 'user.editAmount', value: '0' });
    actor.send({ type: 'user.submit', available: 5 });
    expect(actor.getSnapshot().context.message).toBe('Amount must be greater than 0');
    actor.send({ type: 'user.editAmount', value: '6' });
    actor.send({ type: 'user.submit', available: 5 });
    expect(actor.getSnapshot().context.message).toMatch(/^Amount exceeds your (balance|locked balance|position) of 5\.00000000 /);
    actor.send({ type: 'user.editAmount', value: '1,5' });
    actor.send({ type: 'user.submit', available: 5 });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(sent).toEqual([{ currency, amount: '1.5' }]);
    expect(actor.getSnapshot().value).toBe('succeeded');
    actor.send({ type: 'user.close' });
    expect(calls).toEqual([['announceResult', { result: { amount: 1, balance: 4 } }], ['closeModal', undefined]]);
  });

  it("should show the server's message when it refuses", async () => {
    const machine = createTokenActionMachine(kind).provide({
      actors: { submit: fromPromise(async (): Promise<Record<string, unknown>> => { throw Object.assign(new Error('Amount exceeds your balance of 1.00000000 ACC'), { status: 400 }); }) },
    });
    const actor = createActor(machine, { input: { currency } }).start();
    actor.send({ type: 'user.useMax', available: 2 });
    actor.send({ type: 'user.submit', available: 2 });
    await settle();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe('Amount exceeds your balance of 1.00000000 ACC');
  });

  const machine = createTokenActionMachine(kind).provide({ actors: { submit: fromPromise<Record<string, unknown>, { currency: string; amount: string }>(() => new Promise(() => {})) } });
  const coverage = new CoverageTracker(machine);
  const model = new PathModel({
    machine,
    coverage,
    input: { currency },
    serializeState: ((s: AnyMachineSnapshot) => JSON.stringify([s.value, s.context.amount])) as never,
    events: [
      { type: 'user.editAmount', value: '1' },
      { type: 'user.editAmount', value: '' },
      { type: 'user.useMax', available: 5 },
      { type: 'user.submit', available: 5 },
      { type: 'user.close' },
      { type: `xstate.done.actor.0.${kind}.submitting`, output: { amount: 1 } },
      { type: `xstate.error.actor.0.${kind}.submitting`, error: { status: 400, message: 'no' } },
    ] as never,
  });
  modelSuite(kind, machine, [model], coverage);
});

describe('token amounts', () => {
  it('should take "all" only for RemoveLiquidity, and send canonical text otherwise', () => {
    expect(checkAmount('removeLiquidity', { amount: 'All', currency: 'BTC' }, 0.1)).toBeNull();
    expect(checkAmount('removeLiquidity', { amount: 'all', currency: 'BTC' }, 0)).toBe('You have no position in this pool');
    expect(checkAmount('lockTokens', { amount: 'all', currency: 'ACC' }, 1)).toBe('Amount must be a number');
    expect(checkAmount('lockTokens', { amount: '0.000000001', currency: 'ACC' }, 1)).toBe('Amount can have at most 8 decimals');
    expect(wireAmount(' ALL ')).toBe('all');
    expect(wireAmount('1,000.50')).toBe('1000.5');
  });

  it('should preview the unlock fee floored to the base unit, as the server burns it', () => {
    expect(unlockPreview('2.5', 0.01)).toEqual({ fee: 0.025, received: 2.475 });
    expect(unlockPreview('0.00000099', 0.01)).toEqual({ fee: 0, received: 0.00000099 });
    expect(unlockPreview('', 0.01)).toBeNull();
  });
});
