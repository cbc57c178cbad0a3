import { expect } from 'vitest';
import { assign } from 'xstate';
import type { AnyMachineSnapshot } from 'xstate';
import { loginModal, reloadBalances } from '../../machines/shared/messages';
import { msUntilNextMidnightUtc, stakingMachine } from '../../machines/staking/machine';
import type { HistoryItem, HistoryTab, StakeChange, StakingContext, StakingInput, StakingPageData, StakingPayout } from '../../machines/staking/machine';
import { selectClaiming, selectCountdown, selectHistoryTab, selectShownHistory, selectStakingData, selectStakingLoadState, selectStakingSignedIn } from '../../machines/staking/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';
import { burns, claimResult, stakeChange, stakingData } from '../support/tokenFixtures';

/**
 * The /staking page: the pools and totals, the player's stake and rewards, the countdown to the
 * payout and three lazily loaded histories. The oracles check what the page shows, which requests
 * are waiting and what reached the modals and the wallet, against `stakingFacts`, kept from the
 * performed events.
 */

const OPENED_AT = Date.UTC(2025, 0, 2, 20, 30, 5);
const LOADERS = { burn: 'loadBurnHistory', payout: 'loadPayoutHistory', staking: 'loadStakingHistory' } as const;
const payouts: HistoryItem[] = [{ id: 2, date: '2025-01-02T00:00:00Z', amount: 0.001, currency: 'BTC', stakers: 3 }];
const mine: HistoryItem[] = [{ id: 3, date: '2025-01-02T10:00:00Z', amount: 4, currency: 'ACC', type: 'lock' }];
const ROWS: Record<HistoryTab, HistoryItem[]> = { burn: burns, payout: payouts, staking: mine };

const pageEvents = [
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'user.retry' },
  { type: 'user.claim' },
  { type: 'user.lock' },
  { type: 'user.unlock' },
  { type: 'server.lockedTokens', payload: stakeChange },
  { type: 'server.unlockedTokens', payload: { ...stakeChange, userTotalStaked: 0, balance: 22 } },
  // An unlock fee other than the default 1 %, so the Unlock modal shows the server's.
  { type: 'xstate.done.actor.loadStakingData', output: { ...stakingData, unlockFee: 0.015 } },
  { type: 'xstate.error.actor.loadStakingData', error: new Error('offline') },
  { type: 'xstate.done.actor.claimRewards', output: claimResult },
  { type: 'xstate.error.actor.claimRewards', error: new Error('offline') },
  { type: 'xstate.after.countdownTick.staking.clock.ticking' },
  { type: 'xstate.after.dataRefresh.staking.data.ready' },
  { type: 'xstate.after.untilPayout.staking.data.ready' },
] as AnyEvent[];
const historyEvents = [
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  ...(['burn', 'payout', 'staking'] as const).flatMap((tab) => [
    { type: 'user.selectHistoryTab', tab },
    { type: 'user.retryHistory', tab },
    { type: `xstate.done.actor.${LOADERS[tab]}`, output: ROWS[tab] },
    { type: `xstate.error.actor.${LOADERS[tab]}`, error: new Error('offline') },
  ]),
  { type: 'server.lockedTokens', payload: stakeChange },
  { type: 'server.unlockedTokens', payload: stakeChange },
  { type: 'xstate.after.untilPayout.staking.data.ready' },
  // What the payout timer raises inside the chart, offered alone so each history state's answer to it is a path.
  { type: 'staking.payoutDue' },
] as AnyEvent[];

const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as StakingContext;
  const data = c.data;
  return JSON.stringify([s.value, data ? [data.userTotalStaked > 0, data.stakingPayouts.some((p) => p.total > p.claimed)] : null, [c.burnHistory.length, c.payoutHistory.length, c.stakingHistory.length]]);
};

const withData = (data: StakingPageData | null, change: Partial<StakingPageData>): StakingPageData | null => (data ? { ...data, ...change } : null);

const TABS = ['burn', 'payout', 'staking'] as const;
type HistoryStatus = 'idle' | 'loading' | 'loaded' | 'failed';
/** What makes a history's rows stale, and what empties them (the player's own Staking rows also on login). */
const STALE_ON: Record<HistoryTab, readonly string[]> = {
  burn: ['server.unlockedTokens'],
  payout: ['staking.payoutDue', 'xstate.after.untilPayout.staking.data.ready'],
  staking: ['server.lockedTokens', 'server.unlockedTokens'],
};
const RESET_ON: Record<HistoryTab, readonly string[]> = { burn: ['auth.loggedOut'], payout: ['auth.loggedOut'], staking: ['auth.loggedOut', 'auth.loggedIn'] };

/**
 * One history as the page treats it (the class comment of `historyRegion`): read the first time its
 * tab is shown, then kept; read again at once when it goes stale or is reset while its tab is shown
 * (on logout the Staking tab gives way to Burn, so Burn counts as shown), else on the next visit.
 * `shownBefore` is the tab shown when the event came.
 */
function historyStep(tab: HistoryTab, h: { status: HistoryStatus; reads: number }, e: AnyEvent, shownBefore: HistoryTab, signedIn: boolean) {
  const load = () => {
    h.status = 'loading';
    h.reads += 1;
  };
  const shown = shownBefore === tab || (tab === 'burn' && shownBefore === 'staking');
  if (RESET_ON[tab].includes(e.type)) {
    if (h.status !== 'idle' || tab === 'burn') {
      if (shown) load();
      else h.status = 'idle';
    }
  } else if (STALE_ON[tab].includes(e.type) && (h.status === 'loaded' || h.status === 'failed')) {
    if (shownBefore === tab) load();
    else h.status = 'idle';
  } else if (e.type === 'user.selectHistoryTab' && e['tab'] === tab && h.status === 'idle' && (tab !== 'staking' || signedIn)) load();
  else if (e.type === 'user.retryHistory' && e['tab'] === tab && h.status === 'failed') load();
  else if (e.type === `xstate.done.actor.${LOADERS[tab]}`) h.status = 'loaded';
  else if (e.type === `xstate.error.actor.${LOADERS[tab]}`) h.status = 'failed';
}

/** The page as the path left it. */
export function stakingFacts(world: World) {
  let signedIn = (world.variant.input as StakingInput).signedIn;
  let data: StakingPageData | null = null;
  let reads = 1;
  let ticks = 0;
  let claims = 0;
  let tab: HistoryTab = 'burn';
  const rows: Record<HistoryTab, HistoryItem[]> = { burn: [], payout: [], staking: [] };
  // The Burn tab is shown at opening, so its history is read at once.
  const history: Record<HistoryTab, { status: HistoryStatus; reads: number }> = {
    burn: { status: 'loading', reads: 1 },
    payout: { status: 'idle', reads: 0 },
    staking: { status: 'idle', reads: 0 },
  };
  const modals: unknown[] = [];
  const wallet: unknown[] = [];
  const forget = () => {
    data = withData(data, { userTotalStaked: 0, stakingPayouts: [] });
  };
  for (const e of world.performed) {
    for (const t of TABS) historyStep(t, history[t], e, tab, signedIn);
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        reads += 1;
        rows.staking = [];
        break;
      case 'auth.loggedOut':
        signedIn = false;
        reads += 1;
        forget();
        rows.burn = [];
        rows.payout = [];
        rows.staking = [];
        if (tab === 'staking') tab = 'burn';
        break;
      case 'user.retry':
      case 'xstate.after.dataRefresh.staking.data.ready':
      case 'xstate.after.untilPayout.staking.data.ready':
        reads += 1;
        break;
      case 'xstate.after.countdownTick.staking.clock.ticking':
        ticks += 1;
        break;
      case 'xstate.done.actor.loadStakingData':
        data = e['output'] as StakingPageData;
        break;
      case 'xstate.done.actor.claimRewards':
        data = withData(data, { stakingPayouts: (e['output'] as { stakingPayouts: StakingPayout[] }).stakingPayouts });
        wallet.push(reloadBalances);
        break;
      case 'server.lockedTokens':
      case 'server.unlockedTokens': {
        const change = e['payload'] as StakeChange;
        data = withData(data, { totalLocked: change.totalLocked, userTotalStaked: change.userTotalStaked });
        wallet.push({ type: 'game.balanceUpdated', currency: 'ACC', balance: change.balance });
        break;
      }
      case 'user.lock':
        modals.push(signedIn ? { type: 'app.openModal', name: 'LockTokens', params: {} } : loginModal);
        break;
      case 'user.unlock':
        // A player with nothing staked has nothing to unlock: the button does nothing.
        if (!signedIn) modals.push(loginModal);
        else if (data && data.userTotalStaked > 0) modals.push({ type: 'app.openModal', name: 'UnlockTokens', params: { staked: data.userTotalStaked, fee: data.unlockFee } });
        break;
      case 'user.claim':
        if (!signedIn) modals.push(loginModal);
        else claims += 1;
        break;
      case 'user.selectHistoryTab':
        // The Staking tab is a player's only.
        if (e['tab'] !== 'staking' || signedIn) tab = e['tab'] as HistoryTab;
        break;
    }
    for (const t of ['burn', 'payout', 'staking'] as const) if (e.type === `xstate.done.actor.${LOADERS[t]}`) rows[t] = e['output'] as HistoryItem[];
  }
  return { signedIn, data, reads, ticks, claims, tab, rows, history, modals, wallet };
}

interface StakingSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

const snap = (sut: StakingSut) => sut.snapshot() as Parameters<typeof selectStakingData>[0];
const pad = (n: number) => String(n).padStart(2, '0');
const countdownAt = (now: number) => {
  const total = Math.floor(msUntilNextMidnightUtc(now) / 1000);
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
};

/** One history region's four states: what its rows and its request are there. */
function historyOracles(tab: HistoryTab) {
  const loader = LOADERS[tab];
  return {
    [`#staking.history.${tab}.idle`]: {
      asserts: `the ${tab} history is not being read: no request waiting; it keeps the rows last read (stale ones are read again when the tab is shown) or none after a reset`,
      check(sut: StakingSut, world: World) {
        expect(sut.effects.waiting(loader)).toBeUndefined();
        expect((snap(sut).context as StakingContext)[`${tab}History`]).toEqual(stakingFacts(world).rows[tab]);
      },
    },
    [`#staking.history.${tab}.loading`]: {
      asserts: `a ${tab} history request is waiting; its tab shows loading when shown`,
      check(sut: StakingSut, world: World) {
        expect(sut.effects.waiting(loader)).toBeDefined();
        if (stakingFacts(world).tab === tab) expect(selectShownHistory(snap(sut)).status).toBe('loading');
      },
    },
    [`#staking.history.${tab}.loaded`]: {
      asserts: `the ${tab} history shows the rows last read`,
      check(sut: StakingSut, world: World) {
        expect(sut.effects.waiting(loader)).toBeUndefined();
        const f = stakingFacts(world);
        if (f.tab === tab) expect(selectShownHistory(snap(sut))).toEqual({ tab, status: 'loaded', items: f.rows[tab] });
      },
    },
    [`#staking.history.${tab}.failed`]: {
      asserts: `the ${tab} history could not be read: its tab offers Retry; no request waiting`,
      check(sut: StakingSut, world: World) {
        expect(sut.effects.waiting(loader)).toBeUndefined();
        if (stakingFacts(world).tab === tab) expect(selectShownHistory(snap(sut)).status).toBe('failed');
      },
    },
  };
}

export const stakingPaths: PathSpec<StakingSut> = {
  name: 'staking',
  machine: stakingMachine,
  variants: [
    { name: 'visitor, page', input: { signedIn: false, now: OPENED_AT }, events: pageEvents, serializeState },
    { name: 'player, page', input: { signedIn: true, now: OPENED_AT }, events: pageEvents, serializeState },
    { name: 'visitor, histories', input: { signedIn: false, now: OPENED_AT }, events: historyEvents, serializeState },
    { name: 'player, histories', input: { signedIn: true, now: OPENED_AT }, events: historyEvents, serializeState },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = stakingMachine.provide({
      actors: effects.actors(['loadStakingData', 'claimRewards', 'loadBurnHistory', 'loadPayoutHistory', 'loadStakingHistory']) as never,
      // src/app reads the app's clock here; the path's clock moves one second per tick.
      actions: { syncClock: assign({ now: ({ context }: { context: StakingContext }) => context.now + 1000 }) as never },
    });
    const system = runInSystem(machine, { input: world.variant.input as StakingInput, clock: world.clock, systemId: 'staking' });
    return { effects, sentTo: system.sentTo, snapshot: () => system.actor.getSnapshot(), send: (e) => system.actor.send(e as never), stop: () => void system.root.stop() };
  },
  perform: {
    // Both delays are long (30 s, until midnight UTC): advancing the clock that far would also run
    // the 1 s countdown, so the path delivers the timer's event as the timer would.
    'xstate.after.dataRefresh.staking.data.ready': (sut, event) => sut.send(event),
    'xstate.after.untilPayout.staking.data.ready': (sut, event) => sut.send(event),
  },
  states: {
    '#staking': {
      asserts:
        'the figures are those last read, moved by the hub (totals and stake) and by a claim, with the player figures forgotten on sign-out; one read at opening, per sign-in or sign-out, Retry, 30 s and payout; the countdown to midnight UTC moves a second per tick; the modals and the wallet got exactly what the clicks and hub events ask for',
      check(sut, world) {
        const f = stakingFacts(world);
        expect(selectStakingData(snap(sut))).toEqual(f.data);
        expect(sut.effects.callsOf('loadStakingData')).toHaveLength(f.reads);
        expect(sut.effects.callsOf('claimRewards'), 'claims sent').toHaveLength(f.claims);
        expect(selectCountdown(snap(sut))).toBe(countdownAt(OPENED_AT + f.ticks * 1000));
        expect(sut.sentTo('modals')).toEqual(f.modals);
        expect(sut.sentTo('wallet')).toEqual(f.wallet);
        expect(selectHistoryTab(snap(sut))).toBe(f.tab);
        for (const t of TABS) {
          expect(sut.effects.callsOf(LOADERS[t]), `${t} history reads`).toHaveLength(f.history[t].reads);
          expect(sut.effects.waiting(LOADERS[t]) !== undefined, `${t} history read waiting`).toBe(f.history[t].status === 'loading');
        }
        const shown = f.history[f.tab].status;
        expect(selectShownHistory(snap(sut)).status, 'the shown tab').toBe(shown === 'idle' ? 'loading' : shown);
      },
    },
    '#staking.session.visitor': {
      asserts: 'a visitor: no My Rewards, the Staking tab cannot be chosen',
      check(sut, world) {
        expect(stakingFacts(world).signedIn).toBe(false);
        expect(selectStakingSignedIn(snap(sut))).toBe(false);
        expect(snap(sut).can({ type: 'user.selectHistoryTab', tab: 'staking' })).toBe(false);
      },
    },
    '#staking.session.signedIn': {
      asserts: 'a player: My Rewards and the Staking tab',
      check(sut, world) {
        expect(stakingFacts(world).signedIn).toBe(true);
        expect(selectStakingSignedIn(snap(sut))).toBe(true);
      },
    },
    '#staking.data.loading': {
      asserts: 'the page shows it is loading; the read is waiting',
      check(sut) {
        expect(selectStakingLoadState(snap(sut))).toBe('loading');
        expect(sut.effects.waiting('loadStakingData')).toBeDefined();
      },
    },
    '#staking.data.ready': {
      asserts: 'the figures are shown; no read is waiting',
      check(sut) {
        expect(selectStakingLoadState(snap(sut))).toBe('ready');
        expect(sut.effects.waiting('loadStakingData')).toBeUndefined();
      },
    },
    '#staking.data.refreshing': {
      asserts: 'the figures stay on screen while the re-read is waiting',
      check(sut) {
        expect(selectStakingLoadState(snap(sut))).toBe('ready');
        expect(sut.effects.waiting('loadStakingData')).toBeDefined();
      },
    },
    '#staking.data.failed': {
      asserts: 'the figures could not be read: the page says so and offers Retry; nothing waiting',
      check(sut) {
        expect(selectStakingLoadState(snap(sut))).toBe('failed');
        expect(sut.effects.waiting('loadStakingData')).toBeUndefined();
      },
    },
    '#staking.clock.ticking': {
      asserts: 'the countdown shows the time to the next midnight UTC (checked at the root)',
      check: (sut) => expect(selectCountdown(snap(sut))).toMatch(/^\d\d:\d\d:\d\d$/),
    },
    '#staking.rewards.idle': {
      asserts: 'Claim is enabled for a visitor (it asks to log in) and for a player with something available; no claim waiting',
      check(sut, world) {
        const f = stakingFacts(world);
        const available = !!f.data?.stakingPayouts.some((p) => p.total - p.claimed > 0);
        expect(snap(sut).can({ type: 'user.claim' })).toBe(!f.signedIn || available);
        expect(selectClaiming(snap(sut))).toBe(false);
        expect(sut.effects.waiting('claimRewards')).toBeUndefined();
      },
    },
    '#staking.rewards.claiming': {
      asserts: 'the claim is waiting; Claim is disabled while it runs',
      check(sut) {
        expect(selectClaiming(snap(sut))).toBe(true);
        expect(sut.effects.waiting('claimRewards')).toBeDefined();
        expect(snap(sut).can({ type: 'user.claim' })).toBe(false);
      },
    },
    '#staking.history.tab.burn': { asserts: 'the Burn tab is shown', check: (sut) => expect(selectHistoryTab(snap(sut))).toBe('burn') },
    '#staking.history.tab.payout': { asserts: 'the Payout tab is shown', check: (sut) => expect(selectHistoryTab(snap(sut))).toBe('payout') },
    '#staking.history.tab.staking': {
      asserts: 'the Staking tab is shown, to a player only',
      check(sut, world) {
        expect(selectHistoryTab(snap(sut))).toBe('staking');
        expect(stakingFacts(world).signedIn).toBe(true);
      },
    },
    ...historyOracles('burn'),
    ...historyOracles('payout'),
    ...historyOracles('staking'),
  },
};
