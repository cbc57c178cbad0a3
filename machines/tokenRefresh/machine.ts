import { assign, emit, sendParent, setup } from 'xstate';
import { effectActor } from '../shared/effects';
import type { RefreshResult, SessionTokens } from '../../src/core/accounts/session';
import type { AuthAnnouncement, TokenAnnouncement } from '../auth/announcements';

/**
 * Coordinates access-token refreshes for every request of the app (docs/product.md §4): on the first 401 of
 * a request one refresh runs; requests that hit 401 while it runs wait for it; all of them are
 * retried with the new token, or all fail if the refresh fails (and auth then logs out silently).
 *
 * It keeps the tokens requests are sent with; auth owns the session and the stored values and
 * tells it about logins and logouts (forwarded by the root), and it tells auth about renewed or
 * expired tokens. The API client (src/app/api) sends `request.unauthorized` and listens to the
 * emitted `request.retry` / `request.fail`.
 */

export interface TokenRefreshContext {
  tokens: SessionTokens | null;
  /** Requests (by the API client's id) that hit 401 and wait for the refresh under way. */
  waiting: number[];
}

export type TokenRefreshEvent =
  | AuthAnnouncement
  /** A request sent with `accessToken` was answered 401. */
  | { type: 'request.unauthorized'; requestId: number; accessToken: string };

export type TokenRefreshEmitted =
  | { type: 'request.retry'; requestIds: number[]; accessToken: string }
  | { type: 'request.fail'; requestIds: number[] };

const refreshOutput = (event: unknown) => (event as { output?: RefreshResult }).output;

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    emitted: {} as TokenRefreshEmitted,
  },
  actors: {
    refreshSession: effectActor<RefreshResult, { refreshToken: string }>('refreshSession'),
  },
  actions: {
    takeSessionTokens: assign({
      tokens: ({ context, event }) => (event.type === 'auth.loggedIn' ? event.tokens : context.tokens),
    }),
    takeRefreshedTokens: assign({
      tokens: ({ event }) => {
        const output = refreshOutput(event)!;
        return { accessToken: output.jwt!, refreshToken: output.refreshToken! };
      },
    }),
    forgetTokens: assign({ tokens: null }),
    enqueue: assign({
      waiting: ({ context, event }) =>
        event.type === 'request.unauthorized' ? [...context.waiting, event.requestId] : context.waiting,
    }),
    clearQueue: assign({ waiting: [] }),
    retryRequest: emit(({ context, event }) => ({
      type: 'request.retry' as const,
      requestIds: event.type === 'request.unauthorized' ? [event.requestId] : [],
      accessToken: context.tokens?.accessToken ?? '',
    })),
    failRequest: emit(({ event }) => ({
      type: 'request.fail' as const,
      requestIds: event.type === 'request.unauthorized' ? [event.requestId] : [],
    })),
    retryWaiting: emit(({ context }) => ({
      type: 'request.retry' as const,
      requestIds: context.waiting,
      accessToken: context.tokens?.accessToken ?? '',
    })),
    failWaiting: emit(({ context }) => ({ type: 'request.fail' as const, requestIds: context.waiting })),
    announceRenewed: sendParent(({ context }): TokenAnnouncement => ({ type: 'tokens.renewed', tokens: context.tokens! })),
    announceExpired: sendParent((): TokenAnnouncement => ({ type: 'tokens.expired' })),
  },
  guards: {
    /** The request went out with a token that has since been replaced: just send it again. */
    renewedSinceRequest: ({ context, event }) =>
      event.type === 'request.unauthorized' && event.accessToken !== context.tokens?.accessToken,
    refreshAccepted: ({ event }) => {
      const output = refreshOutput(event);
      return output?.status === 200 && typeof output.jwt === 'string' && typeof output.refreshToken === 'string';
    },
  },
}).createMachine({
  // What each state means is in ./descriptions.ts: this chart is on the first page, its descriptions are not.
  id: 'tokenRefresh',
  context: { tokens: null, waiting: [] },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: {
        'auth.loggedIn': { target: 'ready', actions: 'takeSessionTokens' },
        'request.unauthorized': { actions: 'failRequest' },
      },
    },
    ready: {
      on: {
        'request.unauthorized': [
          { guard: 'renewedSinceRequest', actions: 'retryRequest' },
          { target: 'refreshing', actions: 'enqueue' },
        ],
        'auth.loggedIn': { actions: 'takeSessionTokens' },
        'auth.loggedOut': { target: 'signedOut', actions: 'forgetTokens' },
      },
    },
    refreshing: {
      tags: ['refreshing'],
      invoke: {
        id: 'refreshSession',
        src: 'refreshSession',
        input: ({ context }) => ({ refreshToken: context.tokens!.refreshToken }),
        onDone: [
          {
            guard: 'refreshAccepted',
            target: 'ready',
            actions: ['takeRefreshedTokens', 'retryWaiting', 'clearQueue', 'announceRenewed'],
          },
          { target: 'signedOut', actions: ['forgetTokens', 'failWaiting', 'clearQueue', 'announceExpired'] },
        ],
        onError: { target: 'signedOut', actions: ['forgetTokens', 'failWaiting', 'clearQueue', 'announceExpired'] },
      },
      on: {
        'request.unauthorized': { actions: 'enqueue' },
        // A fresh login while refreshing: its tokens serve the waiting requests.
        'auth.loggedIn': { target: 'ready', actions: ['takeSessionTokens', 'retryWaiting', 'clearQueue'] },
        'auth.loggedOut': { target: 'signedOut', actions: ['forgetTokens', 'failWaiting', 'clearQueue'] },
      },
    },
  },
});
