/**
 * Live connection (docs/product.md §4 "Live connection", §7 Real-time, §8, §9; issue 6). App-wide, systemId 'live'.
 *
 * Receives
 *   app.connect · app.disconnect                       (the root app: start at load, stop at unload)
 *   auth.loggedIn {user, token} · auth.loggedOut · auth.tokenChanged {token}   → reconnect with the new token
 *   hub.connected · hub.closed {error?}                (from the hubConnection actor)
 *   hub.sessionEnded                                   (the server closed the link because its session ended)
 *   hub.bet {bet} · hub.deposit {amount, currency, balance} · hub.lockedTokens · hub.unlockedTokens
 *   hub.invested · hub.divested {payload}              (server events, relayed by the hubConnection actor)
 * Sends
 *   to its hubConnection child: live.connect (start the connection) · live.disconnect (stop it)
 *   through the actor system, by systemId (a screen that is closed misses the event):
 *     wallet ← server.deposit {amount, currency, balance} · betsFeed, stats and rtp (when open) ← server.bet {bet}
 *     staking ← server.lockedTokens / server.unlockedTokens {payload} · earn ← server.invested / server.divested {payload}
 *     auth ← session.ended (only while the link is wanted: a link being stopped may close for a session already left)
 * Actor src/app provides
 *   hubConnection: fromCallback<LiveCommand, HubInput>: builds one SignalR HubConnection for `input.token`
 *     (path /socket, accessTokenFactory, JSON protocol; no withAutomaticReconnect: the retries are
 *     this machine's). On live.connect it calls start() and answers hub.connected, or hub.closed on
 *     failure; onclose sends hub.closed; server events become hub.*. On live.disconnect it calls stop()
 *     and sends hub.closed once stop settles. Its cleanup stops the connection.
 * Failures are silent (docs/product.md §8): there is no error message, only the states below.
 */
import { assign, fromCallback, sendTo, setup } from 'xstate';
import type { AuthEvent, Bet } from '../shared/events';
import { SYSTEM_IDS } from '../shared/system';

/** docs/product.md §9: after a drop, retry after 0, 2, 10 and 30 s, then give up. */
export const RECONNECT_DELAYS_MS = [0, 2000, 10_000, 30_000] as const;

export interface HubInput {
  /** The access token, or null for a visitor (anonymous connection). */
  token: string | null;
}

export type LiveCommand = { type: 'live.connect' } | { type: 'live.disconnect' };

export type HubEvent =
  | { type: 'hub.connected' }
  | { type: 'hub.closed'; error?: string }
  /** The server closed the link because its session has ended; hub.closed follows. */
  | { type: 'hub.sessionEnded' }
  | { type: 'hub.bet'; bet: Bet }
  | { type: 'hub.deposit'; amount: number; currency: string; balance?: number }
  | { type: 'hub.lockedTokens'; payload: unknown }
  | { type: 'hub.unlockedTokens'; payload: unknown }
  | { type: 'hub.invested'; payload: unknown }
  | { type: 'hub.divested'; payload: unknown };

export type LiveEvent = { type: 'app.connect' } | { type: 'app.disconnect' } | AuthEvent | HubEvent;

export interface LiveContext {
  token: string | null;
}

const tokenOf = (event: LiveEvent, current: string | null): string | null => {
  if (event.type === 'auth.loggedOut') return null;
  if (event.type === 'auth.loggedIn' || event.type === 'auth.tokenChanged') return event.token;
  return current;
};

/** A new token while a link is open or opening: close it, then open one with the new token. */
const restartThroughDisconnect = {
  'auth.loggedIn': { target: '#live.session.disconnecting.restarting', actions: 'storeToken' },
  'auth.loggedOut': { target: '#live.session.disconnecting.restarting', actions: 'storeToken' },
  'auth.tokenChanged': { target: '#live.session.disconnecting.restarting', actions: 'storeToken' },
} as const;

/** A new token while no link is open (waiting to retry, given up): open one with the new token at once. */
const restartNow = {
  'auth.loggedIn': { target: '#live.session', reenter: true, actions: 'storeToken' },
  'auth.loggedOut': { target: '#live.session', reenter: true, actions: 'storeToken' },
  'auth.tokenChanged': { target: '#live.session', reenter: true, actions: 'storeToken' },
} as const;

const stopWhileOpen = { 'app.disconnect': '#live.session.disconnecting.stopping' } as const;

/** The server ended the session of a link the app wants open: auth signs this device out. */
const sessionEndedByServer = { 'hub.sessionEnded': { actions: 'tellAuthSessionEnded' } } as const;
const stopWhileClosed = { 'app.disconnect': '#live.disconnected' } as const;

export const liveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveEvent,
    input: {} as { token?: string | null },
  },
  actors: {
    hubConnection: fromCallback<LiveCommand, HubInput>(() => {
      throw new Error('hubConnection is an effect provided by src/app (or by a test\'s fake)');
    }),
  },
  delays: {
    firstRetry: RECONNECT_DELAYS_MS[0],
    secondRetry: RECONNECT_DELAYS_MS[1],
    thirdRetry: RECONNECT_DELAYS_MS[2],
    lastRetry: RECONNECT_DELAYS_MS[3],
  },
  actions: {
    storeToken: assign({ token: ({ context, event }) => tokenOf(event, context.token) }),
    connectHub: sendTo('hub', { type: 'live.connect' } satisfies LiveCommand),
    disconnectHub: sendTo('hub', { type: 'live.disconnect' } satisfies LiveCommand),
    tellFeed: sendTo(({ system }) => system.get(SYSTEM_IDS.betsFeed), (_, params: { bet: Bet }) => ({ type: 'server.bet' as const, bet: params.bet })),
    /** The live statistics panel, when the account menu has spawned it (a signed-in player). */
    tellStats: sendTo(({ system }) => system.get(SYSTEM_IDS.stats), (_, params: { bet: Bet }) => ({ type: 'server.bet' as const, bet: params.bet })),
    tellRtp: sendTo(({ system }) => system.get(SYSTEM_IDS.rtp), (_, params: { bet: Bet }) => ({ type: 'server.bet' as const, bet: params.bet })),
    tellWallet: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.wallet),
      (_, params: { amount: number; currency: string; balance?: number }) => ({ type: 'server.deposit' as const, ...params }),
    ),
    tellStaking: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.staking),
      (_, params: { type: 'server.lockedTokens' | 'server.unlockedTokens'; payload: unknown }) => params,
    ),
    tellAuthSessionEnded: sendTo(({ system }) => system.get(SYSTEM_IDS.auth), { type: 'session.ended' as const }),
    tellEarn: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.earn),
      (_, params: { type: 'server.invested' | 'server.divested'; payload: unknown }) => params,
    ),
  },
}).createMachine({
  id: 'live',
  // The app may start it without input: a visitor's anonymous connection.
  context: ({ input }) => ({ token: input?.token ?? null }),
  initial: 'disconnected',
  states: {
    disconnected: {
      description: 'No live connection and none wanted yet (before the app starts it, or after the app stopped it).',
      on: {
        'app.connect': 'session',
        'auth.loggedIn': { target: 'session', actions: 'storeToken' },
        'auth.loggedOut': { actions: 'storeToken' },
        'auth.tokenChanged': { actions: 'storeToken' },
      },
    },
    session: {
      description: 'One hub connection for the current token (anonymous for a visitor), from its first start to its last retry.',
      invoke: { id: 'hub', src: 'hubConnection', input: ({ context }) => ({ token: context.token }) },
      on: {
        'hub.bet': {
          actions: [
            { type: 'tellFeed', params: ({ event }) => ({ bet: event.bet }) },
            { type: 'tellStats', params: ({ event }) => ({ bet: event.bet }) },
            { type: 'tellRtp', params: ({ event }) => ({ bet: event.bet }) },
          ],
        },
        'hub.deposit': {
          actions: { type: 'tellWallet', params: ({ event }) => ({ amount: event.amount, currency: event.currency, ...(event.balance === undefined ? {} : { balance: event.balance }) }) },
        },
        'hub.lockedTokens': { actions: { type: 'tellStaking', params: ({ event }) => ({ type: 'server.lockedTokens', payload: event.payload }) } },
        'hub.unlockedTokens': { actions: { type: 'tellStaking', params: ({ event }) => ({ type: 'server.unlockedTokens', payload: event.payload }) } },
        'hub.invested': { actions: { type: 'tellEarn', params: ({ event }) => ({ type: 'server.invested', payload: event.payload }) } },
        'hub.divested': { actions: { type: 'tellEarn', params: ({ event }) => ({ type: 'server.divested', payload: event.payload }) } },
      },
      initial: 'connecting',
      states: {
        connecting: {
          description: 'The connection is starting (negotiate, then the WebSocket handshake).',
          tags: ['busy'],
          entry: 'connectHub',
          on: { 'hub.connected': 'connected', 'hub.closed': 'reconnecting', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
        },
        connected: {
          description: "Server events arrive and are passed on: bets to the feed, deposits to the wallet, token events to their pages.",
          tags: ['live'],
          on: { 'hub.closed': 'reconnecting', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
        },
        reconnecting: {
          description: 'The connection dropped (or never came up): it is tried again after 0, 2, 10 and 30 s.',
          tags: ['busy'],
          initial: 'firstRetryPending',
          states: {
            firstRetryPending: {
              description: 'Waiting 0 s before the first retry.',
              after: { firstRetry: 'firstRetry' },
              on: { ...restartNow, ...stopWhileClosed },
            },
            firstRetry: {
              description: 'First retry under way.',
              entry: 'connectHub',
              on: { 'hub.connected': '#live.session.connected', 'hub.closed': 'secondRetryPending', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
            },
            secondRetryPending: {
              description: 'Waiting 2 s before the second retry.',
              after: { secondRetry: 'secondRetry' },
              on: { ...restartNow, ...stopWhileClosed },
            },
            secondRetry: {
              description: 'Second retry under way.',
              entry: 'connectHub',
              on: { 'hub.connected': '#live.session.connected', 'hub.closed': 'thirdRetryPending', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
            },
            thirdRetryPending: {
              description: 'Waiting 10 s before the third retry.',
              after: { thirdRetry: 'thirdRetry' },
              on: { ...restartNow, ...stopWhileClosed },
            },
            thirdRetry: {
              description: 'Third retry under way.',
              entry: 'connectHub',
              on: { 'hub.connected': '#live.session.connected', 'hub.closed': 'lastRetryPending', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
            },
            lastRetryPending: {
              description: 'Waiting 30 s before the last retry.',
              after: { lastRetry: 'lastRetry' },
              on: { ...restartNow, ...stopWhileClosed },
            },
            lastRetry: {
              description: 'Last retry under way; if it fails the connection gives up.',
              entry: 'connectHub',
              on: { 'hub.connected': '#live.session.connected', 'hub.closed': '#live.session.gaveUp', ...sessionEndedByServer, ...restartThroughDisconnect, ...stopWhileOpen },
            },
          },
        },
        gaveUp: {
          description: 'Every retry failed: no live updates until the token changes or the app asks again. Silent (docs/product.md §8).',
          on: { 'app.connect': { target: '#live.session', reenter: true }, ...restartNow, ...stopWhileClosed },
        },
        disconnecting: {
          description: 'The connection is being stopped; the machine waits until it has closed.',
          tags: ['busy'],
          entry: 'disconnectHub',
          initial: 'stopping',
          states: {
            stopping: {
              description: 'Stopping for good (the app asked); it stays down afterwards.',
              on: {
                'hub.closed': '#live.disconnected',
                'app.connect': 'restarting',
                'auth.loggedIn': { target: 'restarting', actions: 'storeToken' },
                'auth.loggedOut': { actions: 'storeToken' },
                'auth.tokenChanged': { actions: 'storeToken' },
              },
            },
            restarting: {
              description: 'Stopping the connection of the old token; a new one starts with the new token once it has closed.',
              on: {
                'hub.closed': { target: '#live.session', reenter: true },
                'app.disconnect': 'stopping',
                'auth.loggedIn': { actions: 'storeToken' },
                'auth.loggedOut': { actions: 'storeToken' },
                'auth.tokenChanged': { actions: 'storeToken' },
              },
            },
          },
        },
      },
    },
  },
});
