import { assign, enqueueActions, sendTo, setup } from 'xstate';
import type { AnyActorLogic, AnyActorRef } from 'xstate';
import type { AuthAnnouncement, TokenAnnouncement } from '../auth/announcements';
import { authMachine } from '../auth/machine';
import { modalStackMachine } from '../modalStack/machine';
import { effectAction, effectActor } from '../shared/effects';
import type { GameWallet } from '../shared/events';
import { APP_WIDE_IDS } from '../shared/system';
import { shellMachine } from '../shell/machine';
import { tokenRefreshMachine } from '../tokenRefresh/machine';
import type { WalletInput } from '../wallet/machine';
import { gameWalletOf, ratesOf, sameGameWallet, screenAuthEvent, screenInput } from './screens';
import type { AppContext, ScreenEvent, WalletAnnouncement } from './screens';

export interface AppInput {
  viewportWidth: number;
  /** The wallet's remembered choices (selected currency, Display FIAT, Hide 0 balances). */
  wallet?: WalletInput;
}

/**
 * The live link's and the bets feed's logic, with src/app's effects provided: what `loadLiveFeed`
 * resolves to once the first page has painted and their chunk has arrived. They are not part of the
 * first download (docs/performance.md).
 */
export interface LiveFeedLogic {
  live: AnyActorLogic;
  betsFeed: AnyActorLogic;
}

type AppEvent = AuthAnnouncement | TokenAnnouncement | ScreenEvent | WalletAnnouncement;

/**
 * The root of the browser's one actor system. App-wide actors are invoked here, and the actors of
 * the screens and forms on show are spawned here, each under a systemId, so that they find each
 * other through the system (`system.get('modals')`), never through React. Announcements of the
 * children come up here (sendParent) and are forwarded to the children that listen, so who hears
 * what is written in this one chart.
 */
export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    modalStack: modalStackMachine,
    shell: shellMachine,
    tokenRefresh: tokenRefreshMachine,
    auth: authMachine,
    /** Asks the server for the player's seed pair, then offers it a client seed made in the browser. */
    prepareSeed: effectActor<void>('prepareSeed'),
    /** Waits for the first page to paint, then loads the wallet's logic (its chunk). */
    loadWallet: effectActor<AnyActorLogic>('loadWallet'),
    /** Waits for the first page to paint, then loads the live link's and the feed's logic (their chunk). */
    loadLiveFeed: effectActor<LiveFeedLogic>('loadLiveFeed'),
  },
  delays: {
    /** After a chunk failed to arrive (offline, or a deploy replaced it), the next try. */
    chunkRetry: 30_000,
  },
  actions: {
    /** Hands the actor system to the browser adapters (the API client reaches tokenRefresh through it). */
    connectAdapters: effectAction('connectAdapters'),
    tellTokenRefresh: sendTo(APP_WIDE_IDS.tokenRefresh, ({ event }) => event),
    tellModals: sendTo(APP_WIDE_IDS.modals, ({ event }) => event),
    tellAuth: sendTo(APP_WIDE_IDS.auth, ({ event }) => event),
    // Before the wallet has started (wallet.waiting) it hears nothing: it starts with the session as it is then.
    tellWallet: enqueueActions(({ event, enqueue, system }) => {
      const wallet = system.get(APP_WIDE_IDS.wallet) as AnyActorRef | undefined;
      if (wallet) enqueue.sendTo(wallet, event);
    }),
    // The live link and the feed need only the access token, not the refresh token. Before they have
    // started (liveFeed.waiting) they hear nothing: they start with the session as it is then.
    tellLive: enqueueActions(({ event, enqueue, system }) => {
      const live = system.get(APP_WIDE_IDS.live) as AnyActorRef | undefined;
      if (!live) return;
      enqueue.sendTo(
        live,
        event.type === 'tokens.renewed'
          ? { type: 'auth.tokenChanged' as const, token: event.tokens.accessToken }
          : screenAuthEvent(event as AuthAnnouncement),
      );
    }),
    tellFeed: enqueueActions(({ event, enqueue, system }) => {
      const feed = system.get(APP_WIDE_IDS.betsFeed) as AnyActorRef | undefined;
      if (feed) enqueue.sendTo(feed, screenAuthEvent(event as AuthAnnouncement));
    }),
    storeSession: assign({
      session: ({ event }) =>
        event.type === 'auth.loggedIn' ? { user: event.user, token: event.tokens.accessToken } : null,
    }),
    /**
     * Starts the wallet under its systemId once its logic has arrived, with the remembered choices; it
     * hears the player already signed in (and loads the balances), and the screens hear its selection.
     */
    startWallet: enqueueActions(({ context, enqueue }, logic: AnyActorLogic) => {
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;
      spawn(logic, { id: APP_WIDE_IDS.wallet, systemId: APP_WIDE_IDS.wallet, input: context.wallet ?? {} });
      if (context.session) enqueue.sendTo(APP_WIDE_IDS.wallet, { type: 'auth.loggedIn' });
      enqueue.raise({ type: 'wallet.updated' });
    }),
    // The live link started later must open with the token in use now.
    storeRenewedToken: assign({
      session: ({ context, event }) =>
        event.type === 'tokens.renewed' && context.session ? { ...context.session, token: event.tokens.accessToken } : context.session,
    }),
    /**
     * Starts the live link and the feed under their systemIds once their logic has arrived: the feed
     * hears the player already signed in and the rates the wallet already has, and the link opens
     * with the current token (anonymous for a visitor).
     */
    startLiveFeed: enqueueActions(({ context, enqueue, system }, loaded: LiveFeedLogic) => {
      // Under the same ids as when the app invoked them (the bets table reads `children.betsFeed`); xstate's
      // types allow an id only for logic named in setup, so the options are widened here.
      const spawn = enqueue.spawnChild as unknown as (logic: AnyActorLogic, options: { id: string; systemId: string; input?: unknown }) => void;
      spawn(loaded.betsFeed, { id: APP_WIDE_IDS.betsFeed, systemId: APP_WIDE_IDS.betsFeed });
      spawn(loaded.live, { id: APP_WIDE_IDS.live, systemId: APP_WIDE_IDS.live, input: { token: context.session?.token ?? null } });
      if (context.session) {
        const { user, token } = context.session;
        enqueue.sendTo(APP_WIDE_IDS.betsFeed, { type: 'auth.loggedIn', user: { userName: user.userName, id: String(user.id) }, token });
      }
      const rates = ratesOf(system.get(APP_WIDE_IDS.wallet)?.getSnapshot());
      if (rates) enqueue.sendTo(APP_WIDE_IDS.betsFeed, { type: 'wallet.ratesChanged', rates });
      enqueue.sendTo(APP_WIDE_IDS.live, { type: 'app.connect' });
    }),
    // The app keeps each screen's ref until the screen closes: a form that has reached its final
    // state (a confirmed e-mail) leaves the system's directory, but its page still shows it.
    spawnScreen: assign(({ context, event, spawn, system }) => {
      if (event.type !== 'screen.opened') return {};
      const wallet = gameWalletOf(system.get(APP_WIDE_IDS.wallet)?.getSnapshot());
      const screen = spawn(event.logic, { systemId: event.systemId, input: screenInput(event.input, context.session !== null, wallet) });
      return { screens: { ...context.screens, [event.systemId]: screen }, screenWallet: wallet };
    }),
    stopScreen: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'screen.closed') return;
      const screen = context.screens[event.systemId];
      if (screen) enqueue.stopChild(screen);
      const { [event.systemId]: _closed, ...open } = context.screens;
      enqueue.assign({ screens: open });
    }),
    /** Every open screen hears logins and logouts, with the player and the access token. */
    tellScreensAuth: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'auth.loggedIn' && event.type !== 'auth.loggedOut') return;
      for (const screen of Object.values(context.screens)) enqueue.sendTo(screen, screenAuthEvent(event));
    }),
    /** Every open screen hears the selected wallet, when its currency, balance or rate changed. */
    tellScreensWallet: enqueueActions(({ context, enqueue, system }) => {
      const wallet = gameWalletOf(system.get(APP_WIDE_IDS.wallet)?.getSnapshot());
      if (wallet === null || sameGameWallet(wallet, context.screenWallet)) return;
      enqueue.assign({ screenWallet: wallet });
      const changed: { type: 'wallet.changed'; wallet: GameWallet } = { type: 'wallet.changed', wallet };
      for (const screen of Object.values(context.screens)) enqueue.sendTo(screen, changed);
    }),
  },
  guards: {
    isClosed: ({ context, event }) => event.type === 'screen.opened' && !context.screens[event.systemId],
    isOpen: ({ context, event }) => event.type === 'screen.closed' && !!context.screens[event.systemId],
    noScreenOpen: ({ context }) => Object.keys(context.screens).length === 0,
  },
}).createMachine({
  // What each state means is in ./descriptions.ts: this chart is on the first page, its descriptions are not.
  id: 'app',
  context: ({ input }) => ({ ...input, screens: {}, session: null, screenWallet: null }),
  invoke: [
    { id: 'modals', systemId: 'modals', src: 'modalStack' },
    { id: 'shell', systemId: 'shell', src: 'shell', input: ({ context }) => ({ viewportWidth: context.viewportWidth }) },
    { id: 'tokenRefresh', systemId: 'tokenRefresh', src: 'tokenRefresh' },
    { id: 'auth', systemId: 'auth', src: 'auth' },
  ],
  entry: 'connectAdapters',
  type: 'parallel',
  states: {
    session: {
      initial: 'visitor',
      on: {
        // tokenRefresh first: it must hold the new tokens before anyone else's first request.
        'auth.loggedIn': {
          target: '.preparingSeed',
          actions: ['tellTokenRefresh', 'tellModals', 'tellWallet', 'tellLive', 'tellFeed', 'storeSession'],
        },
        'auth.loggedOut': { target: '.visitor', actions: ['tellTokenRefresh', 'tellWallet', 'tellLive', 'tellFeed', 'storeSession'] },
        // The hub connection restarts when the auth token changes (docs/product.md §4).
        'tokens.renewed': { actions: ['tellAuth', 'tellLive', 'storeRenewedToken'] },
        'tokens.expired': { actions: 'tellAuth' },
      },
      states: {
        visitor: {},
        preparingSeed: {
          // Entered after the transition told tokenRefresh the new tokens, so the seed calls carry them.
          invoke: { id: 'prepareSeed', src: 'prepareSeed', onDone: 'signedIn', onError: 'signedIn' },
        },
        signedIn: {},
      },
    },
    wallet: {
      initial: 'waiting',
      states: {
        waiting: {
          invoke: {
            id: 'loadWallet',
            src: 'loadWallet',
            onDone: { target: 'running', actions: { type: 'startWallet', params: ({ event }) => event.output } },
            onError: 'unavailable',
          },
        },
        unavailable: {
          after: { chunkRetry: 'waiting' },
        },
        running: {},
      },
    },
    liveFeed: {
      initial: 'waiting',
      states: {
        waiting: {
          invoke: {
            id: 'loadLiveFeed',
            src: 'loadLiveFeed',
            // Visitors see everyone's bets live too: the link opens at once, without a token until login.
            onDone: { target: 'running', actions: { type: 'startLiveFeed', params: ({ event }) => event.output } },
            onError: 'unavailable',
          },
        },
        unavailable: {
          after: { chunkRetry: 'waiting' },
        },
        running: {},
      },
    },
    screens: {
      initial: 'none',
      on: {
        'screen.opened': { guard: 'isClosed', target: '.open', actions: 'spawnScreen' },
        'auth.loggedIn': { actions: 'tellScreensAuth' },
        'auth.loggedOut': { actions: 'tellScreensAuth' },
        'wallet.updated': { actions: 'tellScreensWallet' },
      },
      states: {
        none: {},
        open: {
          on: { 'screen.closed': { guard: 'isOpen', actions: 'stopScreen' } },
          always: { guard: 'noScreenOpen', target: 'none' },
        },
      },
    },
  },
});
