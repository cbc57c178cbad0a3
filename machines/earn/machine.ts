/**
 * The /earn page (docs/product.md §2 Earn, §3 Bankroll pool and Player investment, §4 Staking and earn, §6;
 * issue 10). A per-screen actor that runs under systemId `earn` in the app's actor system while the
 * route is shown, so the live machine's forwards reach it.
 *
 * Receives
 *   auth.loggedIn · auth.loggedOut                         (src/app, from the auth actor)
 *   user.retry · user.addLiquidity {currency} · user.removeLiquidity {currency}
 *   server.invested · server.divested {payload}            (the live hub via systemId `earn`, and the
 *                                                            Add/Remove modals with the server's answer)
 * Effects src/app provides
 *   actors: loadBankroll (GET /token/get-bankroll-page-data)
 *   actions: openLogin (a visitor's action, docs/product.md §6), openModal {name, params} (AddLiquidity/RemoveLiquidity)
 * Every bet moves the pools and the positions without an event, so the page reads them every 10 s.
 */
import { assign, sendTo, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import { loginModal } from '../shared/messages';
import { SYSTEM_IDS } from '../shared/system';
import type { BankrollData as WireBankrollData, Pool, Position, PositionChange as WirePositionChange } from '../../src/core/contracts/token';

export type BankrollPool = Pool;

export type PlayerInvestment = Position;

export type BankrollData = WireBankrollData;

/** invested / divested (hub) and the add / remove answers. */
export type PositionChange = Omit<WirePositionChange, 'balance'> & Partial<Pick<WirePositionChange, 'balance'>>;

export interface EarnInput {
  signedIn: boolean;
}

export interface EarnContext extends BankrollData {
  start: { signedIn: boolean };
}

export type EarnEvent =
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' }
  | { type: 'user.retry' }
  | { type: 'user.addLiquidity'; currency: string }
  | { type: 'user.removeLiquidity'; currency: string }
  | { type: 'server.invested'; payload: PositionChange }
  | { type: 'server.divested'; payload: PositionChange };

export const BANKROLL_REFRESH_MS = 10_000;
/** docs/product.md §4: a position worth less than this (10 base units) is dust, and leaves the list. */
export const NEAR_ZERO_POSITION = 0.0000001;

export const isNearZero = (position: PlayerInvestment): boolean => position.currentInvestment < NEAR_ZERO_POSITION;

const withoutDust = (positions: PlayerInvestment[]) => positions.filter((p) => !isNearZero(p));

function applyChange(context: BankrollData, change: unknown): Partial<BankrollData> {
  const c = change as Partial<PositionChange> | null;
  if (!c || typeof c.currency !== 'string' || !c.pool || !c.position) return {};
  const pool = c.pool;
  const position = c.position;
  const pools = context.pools.some((p) => p.currency === pool.currency)
    ? context.pools.map((p) => (p.currency === pool.currency ? pool : p))
    : [...context.pools, pool];
  const known = context.playerInvestments.some((p) => p.currency === position.currency);
  const playerInvestments = known
    ? context.playerInvestments.map((p) => (p.currency === position.currency ? position : p))
    : [...context.playerInvestments, position];
  return { pools, playerInvestments: withoutDust(playerInvestments) };
}

/**
 * Who is asking changes the positions: read them again. Declared on each state of the region, not on
 * the region: a re-entering transition on a region of a parallel root re-enters the whole machine.
 */
const rereadOnSessionChange = {
  'auth.loggedIn': 'loading',
  'auth.loggedOut': { target: 'loading', actions: 'forgetPositions' },
} as const;

export const earnMachine = setup({
  types: {
    context: {} as EarnContext,
    events: {} as EarnEvent,
    input: {} as EarnInput,
  },
  actors: {
    loadBankroll: effectActor<BankrollData>('loadBankroll'),
  },
  delays: {
    bankrollRefresh: BANKROLL_REFRESH_MS,
  },
  actions: {
    storeData: assign((_, params: { data: BankrollData }) => ({
      pools: params.data.pools,
      playerInvestments: withoutDust(params.data.playerInvestments),
    })),
    forgetPositions: assign({ playerInvestments: [] }),
    applyChange: assign(({ context }, params: { change: unknown }) => applyChange(context, params.change)),
    openLogin: sendTo(({ system }) => system.get(SYSTEM_IDS.modals), loginModal),
    openModal: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.modals),
      (_, params: { name: 'AddLiquidity' | 'RemoveLiquidity'; params: Record<string, string | number> }) => ({
        type: 'app.openModal' as const,
        name: params.name,
        params: params.params,
      }),
    ),
  },
  guards: {
    startsSignedIn: ({ context }) => context.start.signedIn,
    hasPosition: ({ context, event }) =>
      event.type === 'user.removeLiquidity' && context.playerInvestments.some((p) => p.currency === event.currency),
    hasPool: ({ context, event }) => event.type === 'user.addLiquidity' && context.pools.some((p) => p.currency === event.currency),
  },
}).createMachine({
  id: 'earn',
  context: ({ input }) => ({ pools: [], playerInvestments: [], start: { signedIn: input.signedIn } }),
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
          description: 'A visitor sees the pools; Add Liquidity opens the login modal (docs/product.md §6).',
          on: {
            'auth.loggedIn': 'signedIn',
            'user.addLiquidity': { actions: 'openLogin' },
            'user.removeLiquidity': { actions: 'openLogin' },
          },
        },
        signedIn: {
          description: 'A player sees My Positions; Add Liquidity and Remove open their modals.',
          on: {
            'auth.loggedOut': 'visitor',
            'user.addLiquidity': {
              guard: 'hasPool',
              actions: { type: 'openModal', params: ({ event }) => ({ name: 'AddLiquidity' as const, params: { currency: event.currency } }) },
            },
            'user.removeLiquidity': {
              guard: 'hasPosition',
              actions: {
                type: 'openModal',
                params: ({ context, event }) => ({
                  name: 'RemoveLiquidity' as const,
                  params: {
                    currency: event.currency,
                    position: context.playerInvestments.find((p) => p.currency === event.currency)?.currentInvestment ?? 0,
                  },
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
        'server.invested': { actions: { type: 'applyChange', params: ({ event }) => ({ change: event.payload }) } },
        'server.divested': { actions: { type: 'applyChange', params: ({ event }) => ({ change: event.payload }) } },
      },
      states: {
        loading: {
          description: 'The pools and (for a player) their positions are being fetched.',
          tags: ['loading'],
          on: {
            'auth.loggedIn': { target: 'loading', reenter: true },
            'auth.loggedOut': { target: 'loading', reenter: true, actions: 'forgetPositions' },
          },
          invoke: {
            id: 'loadBankroll',
            src: 'loadBankroll',
            onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
            onError: 'failed',
          },
        },
        ready: {
          description: 'Total value locked, profit, volume, the pools and My Positions are shown; read again every 10 s.',
          on: rereadOnSessionChange,
          after: { bankrollRefresh: 'refreshing' },
        },
        refreshing: {
          description: 'The pools and positions are read again in the background (bets move them without events).',
          on: rereadOnSessionChange,
          invoke: {
            id: 'loadBankroll',
            src: 'loadBankroll',
            onDone: { target: 'ready', actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) } },
            onError: 'ready',
          },
        },
        failed: {
          description: 'The pools could not be fetched: the page says so and offers Retry.',
          on: { ...rereadOnSessionChange, 'user.retry': 'loading' },
        },
      },
    },
  },
});
