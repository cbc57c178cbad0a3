import { sendTo, setup } from 'xstate';
import type { AuthAnnouncement, TokenAnnouncement } from '../auth/announcements';
import { authMachine } from '../auth/machine';
import { betsFeedMachine } from '../betsFeed/machine';
import { liveMachine } from '../live/machine';
import { modalStackMachine } from '../modalStack/machine';
import { shellMachine } from '../shell/machine';
import { tokenRefreshMachine } from '../tokenRefresh/machine';
import { walletMachine } from '../wallet/machine';
import type { WalletInput } from '../wallet/machine';

export interface AppInput {
  viewportWidth: number;
  /** The wallet's remembered choices (selected currency, Display FIAT, Hide 0 balances). */
  wallet?: WalletInput;
}

type AppEvent = AuthAnnouncement | TokenAnnouncement;

/**
 * The root of the browser's actor system. App-wide actors live here under systemIds so that
 * they find each other through the system (`system.get('modals')`), never through React.
 * Announcements of its children come up here (sendParent) and are forwarded to the children that
 * listen, so who hears what is written in this one chart.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppInput,
    events: {} as AppEvent,
  },
  actors: {
    modalStack: modalStackMachine,
    shell: shellMachine,
    tokenRefresh: tokenRefreshMachine,
    auth: authMachine,
    wallet: walletMachine,
    live: liveMachine,
    betsFeed: betsFeedMachine,
  },
  actions: {
    /** Hands the actor system to the browser adapters (the API client reaches tokenRefresh through it). */
    connectAdapters: () => {},
    // tokenRefresh first: it must hold the new tokens before anyone else's first request.
    tellTokenRefresh: sendTo('tokenRefresh', ({ event }) => event),
    tellModals: sendTo('modals', ({ event }) => event),
    tellAuth: sendTo('auth', ({ event }) => event),
    tellWallet: sendTo('wallet', ({ event }) => event),
    // The live link and the feed need only the access token, not the refresh token.
    tellLiveAndFeed: ({ event, system }) => {
      const forwarded =
        event.type === 'auth.loggedIn'
          ? { type: 'auth.loggedIn' as const, user: { userName: event.user.userName, id: String(event.user.id) }, token: event.tokens.accessToken }
          : event.type === 'tokens.renewed'
            ? { type: 'auth.tokenChanged' as const, token: event.tokens.accessToken }
            : { type: 'auth.loggedOut' as const };
      system.get('live')?.send(forwarded);
      if (forwarded.type !== 'auth.tokenChanged') system.get('betsFeed')?.send(forwarded);
    },
    connectLive: sendTo('live', { type: 'app.connect' }),
    /** SPEC §4: a login fetches the player's seed state (src/app sends a fresh random client seed). */
    prepareSeed: () => {},
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => input,
  entry: 'connectAdapters',
  invoke: [
    { id: 'modals', systemId: 'modals', src: 'modalStack' },
    { id: 'shell', systemId: 'shell', src: 'shell', input: ({ context }) => ({ viewportWidth: context.viewportWidth }) },
    { id: 'tokenRefresh', systemId: 'tokenRefresh', src: 'tokenRefresh' },
    { id: 'auth', systemId: 'auth', src: 'auth' },
    { id: 'wallet', systemId: 'wallet', src: 'wallet', input: ({ context }) => context.wallet ?? {} },
    { id: 'live', systemId: 'live', src: 'live', input: { token: null } },
    { id: 'betsFeed', systemId: 'betsFeed', src: 'betsFeed' },
  ],
  initial: 'running',
  states: {
    running: {
      description: 'The app is up; its app-wide actors run for as long as the page is open.',
      // Visitors see everyone's bets live too: the link opens at once, without a token until login.
      entry: 'connectLive',
      on: {
        'auth.loggedIn': { actions: ['tellTokenRefresh', 'tellModals', 'tellWallet', 'tellLiveAndFeed', 'prepareSeed'] },
        'auth.loggedOut': { actions: ['tellTokenRefresh', 'tellWallet', 'tellLiveAndFeed'] },
        // The hub connection restarts when the auth token changes (SPEC §4).
        'tokens.renewed': { actions: ['tellAuth', 'tellLiveAndFeed'] },
        'tokens.expired': { actions: 'tellAuth' },
      },
    },
  },
});

export const APP_SYSTEM_IDS = { modals: 'modals', shell: 'shell', auth: 'auth', tokenRefresh: 'tokenRefresh', wallet: 'wallet', live: 'live', betsFeed: 'betsFeed' } as const;
