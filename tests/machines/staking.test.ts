import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock } from 'xstate';
import { msUntilNextMidnightUtc, stakingMachine } from '../../machines/staking/machine';
import type { HistoryItem } from '../../machines/staking/machine';
import { availableReward, nextPayoutOf, selectCountdown, selectShownHistory, selectStakingData } from '../../machines/staking/selectors';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { stakingPaths } from './staking.paths';
import { burns, claimResult, recorder, settle, stakeChange, stakingData } from '../support/tokenFixtures';

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

  it('should enable Claim when any one currency has something left to claim', async () => {
    const stakingPayouts = [{ currency: 'ETH', total: 0.2, claimed: 0.2 }, ...stakingData.stakingPayouts];
    const { machine } = stakingFakes({ loadStakingData: fromPromise(async () => ({ ...stakingData, stakingPayouts })) });
    const actor = createActor(machine, { input: { signedIn: true, now: 0 } }).start();
    await settle();
    expect(actor.getSnapshot().can({ type: 'user.claim' })).toBe(true);
  });

  it('should follow lockedTokens with absolute figures and report the ACC balance to the wallet', async () => {
    const { actor, calls } = await startedStaking(true);
    actor.send({ type: 'server.lockedTokens', payload: stakeChange });
    actor.send({ type: 'server.lockedTokens', payload: stakeChange });
    expect(actor.getSnapshot().context.data).toMatchObject({ totalLocked: 238, userTotalStaked: 16 });
    expect(calls.filter(([n]) => n === 'reportBalance')[0]).toEqual(['reportBalance', { currency: 'ACC', balance: 6 }]);
  });

  it('should follow unlockedTokens with absolute figures too', async () => {
    const { actor } = await startedStaking(true);
    actor.send({ type: 'server.unlockedTokens', payload: { ...stakeChange, totalLocked: 230, userTotalStaked: 8 } });
    expect(selectStakingData(actor.getSnapshot())).toMatchObject({ totalLocked: 230, userTotalStaked: 8 });
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

  it('should move the countdown to the payout on every second the page stays open', () => {
    const clock = new SimulatedClock();
    const actor = createActor(stakingFakes().machine, { input: { signedIn: false, now: Date.UTC(2025, 0, 2, 20, 30, 5) }, clock }).start();
    for (let s = 0; s < 3; s += 1) clock.increment(1000);
    expect(selectCountdown(actor.getSnapshot())).toBe('03:29:52');
  });

  it('should show what is left to claim of a reward, to the base unit', () => {
    expect(availableReward({ total: 0.00001, claimed: 0.000004 })).toBe(0.000006);
  });

  it('should read the figures and the payout history again 5 s after midnight UTC, when the payout has run', async () => {
    let reads = 0;
    let payoutReads = 0;
    const { machine } = stakingFakes({
      loadStakingData: fromPromise(async () => { reads += 1; return reads === 1 ? stakingData : { ...stakingData, totalLocked: 300 }; }),
      loadPayoutHistory: fromPromise(async (): Promise<HistoryItem[]> => { payoutReads += 1; return []; }),
    });
    const clock = new SimulatedClock();
    const actor = createActor(machine, { input: { signedIn: false, now: Date.UTC(2025, 0, 2, 23, 59, 58) }, clock }).start();
    actor.send({ type: 'user.selectHistoryTab', tab: 'payout' });
    await settle();
    expect([reads, payoutReads]).toEqual([1, 1]);
    // 2 s to midnight, then the 5 s grace; the countdown ticks meanwhile do not move the timer.
    for (let ms = 0; ms < 6999; ms += 1000) clock.increment(Math.min(1000, 6999 - ms));
    await settle();
    expect([reads, payoutReads]).toEqual([1, 1]);
    expect(selectStakingData(actor.getSnapshot())?.totalLocked).toBe(234);
    clock.increment(1);
    await settle();
    expect([reads, payoutReads]).toEqual([2, 2]);
    expect(selectStakingData(actor.getSnapshot())?.totalLocked).toBe(300);
  });

  it('should keep the figures when a stake event comes without them, or with only one of them, and still report the ACC balance', async () => {
    const { actor, calls } = await startedStaking(true);
    actor.send({ type: 'server.lockedTokens', payload: { amount: 4, balance: 6 } as never });
    actor.send({ type: 'server.lockedTokens', payload: { amount: 4, balance: 6, totalLocked: 238 } as never });
    actor.send({ type: 'server.unlockedTokens', payload: { amount: 4, balance: 6, userTotalStaked: 8 } as never });
    expect(selectStakingData(actor.getSnapshot())).toMatchObject({ totalLocked: 234, userTotalStaked: 12 });
    expect(calls).toEqual(Array(3).fill(['reportBalance', { currency: 'ACC', balance: 6 }]));
  });

  /** A history loader that answers its first read with `rows` and leaves every later read waiting. */
  function firstReadOnly(rows: HistoryItem[]) {
    let reads = 0;
    return fromPromise(() => (++reads === 1 ? Promise.resolve(rows) : new Promise<HistoryItem[]>(() => {})));
  }
  const payoutRows: HistoryItem[] = [{ id: 2, date: '2025-01-02T00:00:00Z', amount: 0.001, currency: 'BTC', stakers: 3 }];
  const ownRows: HistoryItem[] = [{ id: 3, date: '2025-01-02T10:00:00Z', amount: 4, currency: 'ACC', type: 'lock' }];

  it('should hand the page no rows of the history shown when a logout empties it, while it is read again (docs/product.md §4)', async () => {
    const { machine } = stakingFakes({ loadBurnHistory: firstReadOnly(burns) });
    const actor = createActor(machine, { input: { signedIn: true, now: 0 } }).start();
    await settle();
    expect(selectShownHistory(actor.getSnapshot())).toEqual({ tab: 'burn', status: 'loaded', items: burns });
    actor.send({ type: 'auth.loggedOut' });
    expect(selectShownHistory(actor.getSnapshot())).toEqual({ tab: 'burn', status: 'loading', items: [] });
  });

  it('should empty on logout the histories that went stale behind another tab, so the next player never gets those rows', async () => {
    const { machine } = stakingFakes({ loadPayoutHistory: firstReadOnly(payoutRows), loadStakingHistory: firstReadOnly(ownRows) });
    const actor = createActor(machine, { input: { signedIn: true, now: 0 } }).start();
    await settle();
    for (const tab of ['staking', 'payout'] as const) {
      actor.send({ type: 'user.selectHistoryTab', tab });
      await settle();
    }
    expect(selectShownHistory(actor.getSnapshot())).toEqual({ tab: 'payout', status: 'loaded', items: payoutRows });
    actor.send({ type: 'user.selectHistoryTab', tab: 'burn' });
    // Both go stale while the Burn tab is shown: they are read again when their tab is next shown.
    actor.send({ type: 'server.lockedTokens', payload: stakeChange });
    actor.send({ type: 'staking.payoutDue' });
    actor.send({ type: 'auth.loggedOut' });
    actor.send({ type: 'auth.loggedIn' });
    for (const tab of ['staking', 'payout'] as const) {
      actor.send({ type: 'user.selectHistoryTab', tab });
      expect(selectShownHistory(actor.getSnapshot()), tab).toEqual({ tab, status: 'loading', items: [] });
    }
  });
});

chartDocTest('staking', stakingMachine);

pathSuite(stakingPaths);
