/** The staking machine's types, context and pure helpers, beside its chart (machine.ts), which re-exports them. */
import { and, assign, or, stateIn } from 'xstate';
import type { EventObject } from 'xstate';
import type * as Wire from '../../src/core/contracts/token';

export type RewardsPool = Wire.StakingPageData['pools'][number];

export type StakingPayout = Wire.PayoutTotals;

export type StakingPageData = Wire.StakingPageData;

/** One row of any of the three histories: payout rows add stakers, staking rows their type and fee. */
export type HistoryItem = Wire.HistoryItem & Partial<Pick<Wire.PayoutHistoryItem, 'stakers'> & Pick<Wire.StakingHistoryItem, 'type' | 'fee'>>;

export type HistoryTab = 'burn' | 'payout' | 'staking';

/** lockedTokens / unlockedTokens (hub) and the lock / unlock answers: the player's new figures. */
export type StakeChange = Wire.LockResult & Partial<Pick<Wire.UnlockResult, 'fee' | 'received' | 'totalBurned'>>;

export type ClaimResult = Wire.ClaimResult;

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

/** docs/product.md §9: the next payout is shown as 2% of each pool's value. */
export const DEFAULT_DAILY_PAYOUT_SHARE = 0.02;
export const DEFAULT_UNLOCK_FEE = 0.01;
export const DAY_MS = 86_400_000;
/** The server runs the payout just after 00:00 UTC; read the page a little later. */
export const PAYOUT_GRACE_MS = 5_000;
export const STAKING_REFRESH_MS = 30_000;

/** Milliseconds from `now` to the next 00:00 UTC (a full day exactly at midnight). */
export const msUntilNextMidnightUtc = (now: number): number => DAY_MS - (((now % DAY_MS) + DAY_MS) % DAY_MS);

export const isStakeChange = (value: unknown): value is StakeChange =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as StakeChange).totalLocked === 'number' &&
  typeof (value as StakeChange).userTotalStaked === 'number';

export const shownTab = (tab: HistoryTab) => stateIn(`#staking.history.tab.${tab}`);

/**
 * A history region: loaded the first time its tab is shown (lazy), then kept for the visit; emptied
 * on logout (and, for the player's own Staking history, on login). When its rows go stale (an unlock
 * burns, a payout ran) or are reset while its tab is shown, it loads again at once, else on the next
 * visit of the tab. Transitions name the shown tab explicitly (no eventless transitions), so the
 * statechart says when a request goes out.
 */
export function historyRegion(tab: HistoryTab, loader: 'loadBurnHistory' | 'loadPayoutHistory' | 'loadStakingHistory', field: 'burnHistory' | 'payoutHistory' | 'stakingHistory', staleOn: ReadonlyArray<StakingEvent['type']>) {
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
          id: loader,
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
        description: `The ${tab} history could not be fetched (ignored, docs/product.md §8); the tab offers Retry.`,
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
export const rereadOnSessionChange = {
  'auth.loggedIn': 'loading',
  'auth.loggedOut': { target: 'loading', actions: 'forgetPlayerFigures' },
} as const;
