/**
 * The /staking page (SPEC §2 Staking, §3 Staking page data and History item, §4 Staking and earn,
 * §6, §9; issue 10). A per-screen actor that runs under systemId `staking` in the app's actor system
 * while the route is shown, so the live machine's forwards reach it.
 *
 * Receives
 *   auth.loggedIn · auth.loggedOut                      (src/app, from the auth actor)
 *   user.retry · user.claim · user.lock · user.unlock · user.selectHistoryTab {tab} · user.retryHistory {tab}
 *   server.lockedTokens · server.unlockedTokens {payload} (the live hub via systemId `staking`, and the
 *                                                          Lock/Unlock modals with the server's answer:
 *                                                          absolute figures, so hearing both is harmless)
 * Effects src/app provides
 *   actors: loadStakingData, claimRewards, loadBurnHistory, loadPayoutHistory, loadStakingHistory
 *   actions: openLogin (a visitor's action, SPEC §6), openModal {name, params} (LockTokens/UnlockTokens),
 *            reportBalance {currency, balance} and reloadWallet (the wallet follows), syncClock (reads the
 *            real time; the default advances by one tick, so tests and the visualizer stay pure)
 * Delays: countdownTick 1 s (SPEC §9), dataRefresh 30 s (the rewards pools grow with every bet and
 *   send no events), untilPayout (the next midnight UTC, plus a grace for the server's run).
 */
import { and, assign, or, raise, sendTo, setup, stateIn } from 'xstate';
import { effectAction, effectActor } from '../shared/effects';
import { balanceUpdated, loginModal, reloadBalances } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';
import type { EventObject } from 'xstate';

export interface RewardsPool {
  currency: string;
  /** The rewards pool's value in its currency. */
  totalStaked: number;
}

export interface StakingPayout {
  currency: string;
  total: number;
  claimed: number;
}

export interface StakingPageData {
  pools: RewardsPool[];
  totalLocked: number;
  userTotalStaked: number;
  stakingPayouts: StakingPayout[];
  dailyPayoutShare: number;
  unlockFee: number;
  nextPayoutAt?: string;
}

export interface HistoryItem {
  id: number;
  date: string;
  amount: number;
  currency: string;
  /** Payout history: how many stakers the run paid. */
  stakers?: number;
  /** Staking history: lock or unlock, and the fee an unlock burned. */
  type?: 'lock' | 'unlock';
  fee?: number;
}

export type HistoryTab = 'burn' | 'payout' | 'staking';

/** lockedTokens / unlockedTokens (hub) and the lock / unlock answers: the player's new figures. */
export interface StakeChange {
  amount: number;
  balance: number;
  totalLocked: number;
  userTotalStaked: number;
  fee?: number;
  received?: number;
  totalBurned?: number;
}

export interface ClaimResult {
  walletBalances: Array<{ currency: string; balance: number }>;
  stakingPayouts: StakingPayout[];
  claimed: Array<{ currency: string; amount: number }>;
}

export interface StakingInput {
  signedIn: boolean;
  /** The time the page opened, in ms since the epoch (src/app passes Date.now()). */
  now: number;
}

export interface StakingContext {
  data: StakingPageData | null;
  now: number;
  burnHistory: HistoryItem[];
  payoutHistory: HistoryItem[];
  stakingHistory: HistoryItem[];
  start: { signedIn: boolean };
}

export type StakingEvent =
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' }
  | { type: 'user.retry' }
  | { type: 'user.claim' }
  | { type: 'user.lock' }
  | { type: 'user.unlock' }
  | { type: 'user.selectHistoryTab'; tab: HistoryTab }
  | { type: 'user.retryHistory'; tab: HistoryTab }
  | { type: 'server.lockedTokens'; payload: StakeChange }
  | { type: 'server.unlockedTokens'; payload: StakeChange }
  /** Raised when midnight UTC has passed: the payout ran, so the payout history is stale. */
  | { type: 'staking.payoutDue' };

/** SPEC §9: the next payout is shown as 2% of each pool's value. */
export const DEFAULT_DAILY_PAYOUT_SHARE = 0.02;
export const DEFAULT_UNLOCK_FEE = 0.01;
export const DAY_MS = 86_400_000;
/** The server runs the payout just after 00:00 UTC; read the page a little later. */
export const PAYOUT_GRACE_MS = 5_000;
export const STAKING_REFRESH_MS = 30_000;

/** Milliseconds from `now` to the next 00:00 UTC (a full day exactly at midnight). */
export const msUntilNextMidnightUtc = (now: number): number => DAY_MS - (((now % DAY_MS) + DAY_MS) % DAY_MS);

const isStakeChange = (value: unknown): value is StakeChange =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as StakeChange).totalLocked === 'number' &&
  typeof (value as StakeChange).userTotalStaked === 'number';

const shownTab = (tab: HistoryTab) => stateIn(`#staking.history.tab.${tab}`);

/**
 * A history region: loaded the first time its tab is shown (lazy), then kept for the visit; emptied
 * on logout (and, for the player's own Staking history, on login). When its rows go stale (an unlock
 * burns, a payout ran) or are reset while its tab is shown, it loads again at once, else on the next
 * visit of the tab. Transitions name the shown tab explicitly (no eventless transitions), so the
 * statechart says when a request goes out.
 */
function historyRegion(tab: HistoryTab, loader: 'loadBurnHistory' | 'loadPayoutHistory' | 'loadStakingHistory', field: 'burnHistory' | 'payoutHistory' | 'stakingHistory', staleOn: ReadonlyArray<StakingEvent['type']>) {
  const clear = assign({ [field]: [] });
  const isTab = ({ event }: { event: EventObject }) => event.type === 'user.selectHistoryTab' && (event as { tab?: string }).tab === tab;
  // On logout the Staking tab gives way to Burn in the same step, so Burn counts as shown then.
  const shown = tab === 'burn' ? or([shownTab('burn'), shownTab('staking')]) : shownTab(tab);
  const resetOn = (tab === 'staking' ? ['auth.loggedOut', 'auth.loggedIn'] : ['auth.loggedOut']) as ReadonlyArray<StakingEvent['type']>;
  const again = (clearRows: boolean) => [
    { guard: clearRows && resetOn.length ? shown : shownTab(tab), target: 'loading', reenter: true, ...(clearRows ? { actions: clear } : {}) },
    { target: 'idle', ...(clearRows ? { actions: clear } : {}) },
  ];
  const reset = Object.fromEntries(resetOn.map((type) => [type, again(true)]));
  const stale = Object.fromEntries(staleOn.map((type) => [type, again(false)]));
  // The three regions differ only in names; the config is checked when the machine is built.
  return {
    initial: tab === 'burn' ? 'loading' : 'idle',
    states: {
      idle: {
        description:
          tab === 'burn'
            ? 'The burn history is not loaded (after a reset while another tab is shown); it loads when its tab is shown.'
            : `The ${tab} history is not loaded; it loads the first time its tab is shown.`,
        on: {
          // Only Burn can be idle while its tab is (about to be) shown: after a logout from the Staking tab.
          ...(tab === 'burn' ? reset : Object.fromEntries(resetOn.map((type) => [type, { actions: clear }]))),
          'user.selectHistoryTab': { guard: tab === 'staking' ? and([isTab, 'isSignedIn']) : isTab, target: 'loading' },
        },
      },
      loading: {
        description: tab === 'burn' ? 'The burn history is being fetched (its tab is shown first, so at once).' : `The ${tab} history is being fetched.`,
        tags: [`loading.${tab}`],
        on: reset,
        invoke: {
          src: loader,
          onDone: { target: 'loaded', actions: assign({ [field]: ({ event }: { event: { output: HistoryItem[] } }) => event.output }) },
          onError: 'failed',
        },
      },
      loaded: {
        description: `The ${tab} history is shown; it is not fetched again this visit${staleOn.length ? ' unless it changed' : ''}.`,
        on: { ...stale, ...reset },
      },
      failed: {
        description: `The ${tab} history could not be fetched (ignored, SPEC §8); the tab offers Retry.`,
        on: {
          ...stale,
          ...reset,
          'user.retryHistory': { guard: ({ event }: { event: StakingEvent }) => event.type === 'user.retryHistory' && event.tab === tab, target: 'loading' },
        },
      },
    },
  } as never;
}

/** Who is asking changes the player's figures (stake, rewards): read them again. */
const rereadOnSessionChange = {
  'auth.loggedIn': 'loading',
  'auth.loggedOut': { target: 'loading', actions: 'forgetPlayerFigures' },
} as const;

export const stakingMachine = setup({
  types: {
    context: {} as StakingContext,
    events: {} as StakingEvent,
    input: {} as StakingInput,
  },
  actors: {
    /** GET /token/get-staking-page-data. */
    loadStakingData: effectActor<StakingPageData>('loadStakingData'),
    /** POST /token/claim-rewards. */
    claimRewards: effectActor<ClaimResult>('claimRewards'),
    loadBurnHistory: effectActor<HistoryItem[]>('loadBurnHistory'),
    loadPayoutHistory: effectActor<HistoryItem[]>('loadPayoutHistory'),
    /** Signed in only. */
    loadStakingHistory: effectActor<HistoryItem[]>('loadStakingHistory'),
  },
  delays: {
    countdownTick: 1000,
    dataRefresh: STAKING_REFRESH_MS,
    untilPayout: ({ context }) => msUntilNextMidnightUtc(context.now) + PAYOUT_GRACE_MS,
  },
  actions: {
    /** Reads the clock into `now` (src/app provides an assign of Date.now(); tests a fake clock). */
    syncClock: effectAction('syncClock'),
    storeData: assign({ data: (_, params: { data: StakingPageData }) => params.data }),
    forgetPlayerFigures: assign({
      data: ({ context }) => (context.data ? { ...context.data, userTotalStaked: 0, stakingPayouts: [] } : null),
    }),
    applyStakeChange: assign({
      data: ({ context }, params: { change: unknown }) =>
        context.data && isStakeChange(params.change)
          ? { ...context.data, totalLocked: params.change.totalLocked, userTotalStaked: params.change.userTotalStaked }
          : context.data,
    }),
    storePayouts: assign({
      data: ({ context }, params: { payouts: StakingPayout[] }) => (context.data ? { ...context.data, stakingPayouts: params.payouts } : null),
    }),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    openModal: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.modals),
      (_, params: { name: 'LockTokens' | 'UnlockTokens'; params: Record<string, number> }) => ({
        type: 'app.openModal' as const,
        name: params.name,
        params: params.params,
      }),
    ),
    reportBalance: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), balanceUpdated),
    /** The wallet reads every balance again (a claim pays several currencies). */
    reloadWallet: sendTo(({ system }) => system.get(SYSTEM_IDS.wallet), reloadBalances),
  },
  guards: {
    startsSignedIn: ({ context }) => context.start.signedIn,
    isVisitor: stateIn('#staking.session.visitor'),
    hasRewardsToClaim: ({ context }) =>
      !!context.data?.stakingPayouts.some((p) => p.total - p.claimed > 0),
    hasStake: ({ context }) => (context.data?.userTotalStaked ?? 0) > 0,
    isSignedIn: stateIn('#staking.session.signedIn'),
  },
}).createMachine({
  id: 'staking',
  context: ({ input }) => ({
    data: null,
    now: input.now,
    burnHistory: [],
    payoutHistory: [],
    stakingHistory: [],
    start: { signedIn: input.signedIn },
  }),
  type: 'parallel',
  states: {
    session: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Starts as a visitor or a player, whichever the app says.',
          always: [{ guard: 'startsSignedIn', target: 'signedIn' }, { target: 'visitor' }],
        },
        visitor: {
          description: 'A visitor sees the pools, the totals and the public histories; Lock, Unlock and Claim open the login modal (SPEC §6).',
          on: {
            'auth.loggedIn': 'signedIn',
            'user.lock': { actions: 'openLogin' },
            'user.unlock': { actions: 'openLogin' },
          },
        },
        signedIn: {
          description: 'A player sees My Rewards, their stake and the Staking history; Lock and Unlock open their modals.',
          on: {
            'auth.loggedOut': 'visitor',
            'user.lock': { actions: { type: 'openModal', params: { name: 'LockTokens', params: {} } } },
            'user.unlock': {
              guard: 'hasStake',
              actions: {
                type: 'openModal',
                params: ({ context }) => ({
                  name: 'UnlockTokens' as const,
                  params: { staked: context.data?.userTotalStaked ?? 0, fee: context.data?.unlockFee ?? DEFAULT_UNLOCK_FEE },
                }),
              },
            },
          },
        },
      },
    },
    data: {
      initial: 'loading',
      on: {
        'server.lockedTokens': {
          actions: [
            { type: 'applyStakeChange', params: ({ event }) => ({ change: event.payload }) },
            { type: 'reportBalance', params: ({ event }) => ({ currency: 'ACC', balance: event.payload.balance }) },
          ],
        },
        'server.unlockedTokens': {
          actions: [
            { type: 'applyStakeChange', params: ({ event }) => ({ change: event.payload }) },
            { type: 'reportBalance', params: ({ event }) => ({ currency: 'ACC', balance: event.payload.balance }) },
          ],
        },
      },
      states: {
        loading: {
          description: 'The pools, the totals and (for a player) their stake and rewards are being fetched.',
          tags: ['loading'],
          on: {
            'auth.loggedIn': { target: 'loading', reenter: true },
            'auth.loggedOut': { target: 'loading', reenter: true, actions: 'forgetPlayerFigures' },
          },
          invoke: {
            src: 'loadStakingData',
            onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
            onError: 'failed',
          },
        },
        ready: {
          description: 'The figures are shown; they are read again every 30 s and just after midnight UTC, when the payout runs.',
          on: rereadOnSessionChange,
          after: {
            dataRefresh: 'refreshing',
            untilPayout: { target: 'refreshing', actions: raise({ type: 'staking.payoutDue' }) },
          },
        },
        refreshing: {
          description: 'The figures are read again in the background; a failure keeps the last ones.',
          on: rereadOnSessionChange,
          invoke: {
            src: 'loadStakingData',
            onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
            onError: 'ready',
          },
        },
        failed: {
          description: 'The figures could not be fetched: the page says so and offers Retry.',
          on: { ...rereadOnSessionChange, 'user.retry': 'loading' },
        },
      },
    },
    clock: {
      initial: 'ticking',
      states: {
        ticking: {
          description: 'The countdown to the next midnight UTC moves every second (SPEC §9).',
          after: { countdownTick: { target: 'ticking', reenter: true, actions: 'syncClock' } },
        },
      },
    },
    rewards: {
      initial: 'idle',
      states: {
        idle: {
          description: 'My Rewards shows available, total and claimed per currency; Claim is enabled when something is available (a visitor is asked to log in).',
          on: {
            'user.claim': [
              { guard: 'isVisitor', actions: 'openLogin' },
              { guard: 'hasRewardsToClaim', target: 'claiming' },
            ],
          },
        },
        claiming: {
          description: 'Every available reward is moving to the wallet; failures are ignored (SPEC §8).',
          tags: ['busy', 'claiming'],
          invoke: {
            src: 'claimRewards',
            onDone: {
              target: 'idle',
              actions: [{ type: 'storePayouts', params: ({ event }) => ({ payouts: event.output.stakingPayouts }) }, 'reloadWallet'],
            },
            onError: 'idle',
          },
        },
      },
    },
    history: {
      type: 'parallel',
      states: {
        tab: {
          initial: 'burn',
          on: {
            'user.selectHistoryTab': [
              { guard: ({ event }) => event.tab === 'burn', target: '.burn' },
              { guard: ({ event }) => event.tab === 'payout', target: '.payout' },
              { guard: and([({ event }) => event.tab === 'staking', 'isSignedIn']), target: '.staking' },
            ],
          },
          states: {
            burn: { description: 'The Burn tab: every unlock fee burned, newest first.' },
            payout: { description: 'The Payout tab: what each daily run paid per currency.' },
            staking: {
              description: "The Staking tab (players only): the player's own locks and unlocks.",
              on: { 'auth.loggedOut': 'burn' },
            },
          },
        },
        burn: historyRegion('burn', 'loadBurnHistory', 'burnHistory', ['server.unlockedTokens']),
        payout: historyRegion('payout', 'loadPayoutHistory', 'payoutHistory', ['staking.payoutDue']),
        staking: historyRegion('staking', 'loadStakingHistory', 'stakingHistory', ['server.lockedTokens', 'server.unlockedTokens']),
      },
    },
  },
});
