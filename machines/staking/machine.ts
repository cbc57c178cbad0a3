/**
 * The /staking page (docs/product.md §2 Staking, §3 Staking page data and History item, §4 Staking and earn,
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
 *   actions: openLogin (a visitor's action, docs/product.md §6), openModal {name, params} (LockTokens/UnlockTokens),
 *            reportBalance {currency, balance} and reloadWallet (the wallet follows), syncClock (reads the
 *            real time; the default advances by one tick, so tests and the visualizer stay pure)
 * Delays: countdownTick 1 s (docs/product.md §9), dataRefresh 30 s (the rewards pools grow with every bet and
 *   send no events), untilPayout (the next midnight UTC, plus a grace for the server's run).
 */
import { and, assign, raise, sendTo, setup, stateIn } from 'xstate';
import { effectAction, effectActor } from '../shared/effects';
import { balanceUpdated, loginModal, reloadBalances } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';

import { DEFAULT_UNLOCK_FEE, PAYOUT_GRACE_MS, STAKING_REFRESH_MS, historyRegion, isStakeChange, msUntilNextMidnightUtc, rereadOnSessionChange } from './context';
import type { ClaimResult, HistoryItem, StakingContext, StakingEvent, StakingInput, StakingPageData, StakingPayout } from './context';

export * from './context';

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
          description: 'A visitor sees the pools, the totals and the public histories; Lock, Unlock and Claim open the login modal (docs/product.md §6).',
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
            id: 'loadStakingData',
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
            id: 'loadStakingData',
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
          description: 'The countdown to the next midnight UTC moves every second (docs/product.md §9).',
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
          description: 'Every available reward is moving to the wallet; failures are ignored (docs/product.md §8).',
          tags: ['busy', 'claiming'],
          invoke: {
            id: 'claimRewards',
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
