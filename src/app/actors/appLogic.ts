import { fromPromise } from 'xstate';
import type { ActorSystem, AnyActorLogic } from 'xstate';
import { appMachine } from '../../../machines/app/machine';
import type { LiveFeedLogic } from '../../../machines/app/machine';
import { authMachine } from '../../../machines/auth/machine';
import { modalStackMachine } from '../../../machines/modalStack/machine';
import { shellMachine } from '../../../machines/shell/machine';
import type { HubConnector } from '../adapters/hubConnection';
import { tokenRefreshMachine } from '../../../machines/tokenRefresh/machine';
import type { TokenRefreshRef } from '../api/client';
import { accountCalls } from '../api/accounts';
import { lazyApiClient } from '../api/lazyClient';
import type { ScreenProvider, ScreenRuntime } from './screenRuntime';
import { API_BASE } from '../config';
import { markPageModalOpen, scrollMainToTop, unmarkPageModalOpen } from '../adapters/dom';
import { createNavigationAdapter } from '../adapters/navigation';
import { createPreferenceStore, createSessionStore } from '../adapters/storage';

/**
 * The clock every actor of the app schedules its delays on, and reads the time from. The browser's
 * is the real one; component tests pass xstate's SimulatedClock, so a 3 s message or a 30 s retry
 * passes when the test advances it, and the time the screens show moves with it.
 */
export interface AppClock {
  setTimeout(fn: () => void, timeout: number): unknown;
  clearTimeout(id: unknown): void;
  now(): number;
}

/**
 * Resolves once the browser has painted the page as it is now: a frame's callbacks run just before
 * its paint, and a task queued from one runs after it. Started with the app actor (after React's first
 * commit), so it waits for the first page to be on screen.
 */
export const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => requestAnimationFrame(() => void setTimeout(resolve, 0)));

export const realClock: AppClock = {
  setTimeout: (fn, timeout) => globalThis.setTimeout(fn, timeout),
  clearTimeout: (id) => globalThis.clearTimeout(id as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/**
 * What the browser gives the app. Component tests pass a fake fetch, an in-memory storage, a fake
 * hub and a simulated clock, so that no test reaches the network or waits in real time.
 */
export interface AppDependencies {
  fetch?: typeof globalThis.fetch;
  storage?: Storage;
  apiBase?: string;
  /** Opens the live hub link for a token; by default the SignalR hub at {apiBase}/socket. */
  hub?: HubConnector;
  clock?: AppClock;
  /** Resolves once the first page has painted (the wallet and the live feed load then); by default afterNextPaint. */
  firstPaint?: () => Promise<void>;
  /**
   * Called once the page's own screen has painted: the wallet runs (a route's screen opens then) and
   * the page has painted twice since. main.tsx fetches the frame's lazy parts and the modals then, so
   * that they never compete with the requests of the page's largest paint.
   */
  onScreenPainted?: () => void;
  /** Called when a modal opens: main.tsx fetches the modal host then if the screen has not painted yet. */
  onModalOpened?: () => void;
}

/**
 * The real app: the pure machines with the browser's effects provided, plus the providers of the
 * screens' logic, which the routes hand to the app actor to spawn. One per mounted <App>.
 */
export function createAppRuntime(deps: AppDependencies = {}) {
  let system: ActorSystem<any> | null = null; // eslint-disable-line @typescript-eslint/no-explicit-any
  const paint = deps.firstPaint ?? afterNextPaint;
  let walletSettled: () => void = () => undefined;
  let screenHasPainted = false;
  // Settled once the wallet's logic has arrived (or failed to), and then two paints: one for the
  // wallet's start, one for the screen that opens with it.
  const screenPainted = new Promise<void>((resolve) => (walletSettled = resolve))
    .then(paint)
    .then(paint)
    .then(() => {
      screenHasPainted = true;
    });
  if (deps.onScreenPainted) void screenPainted.then(deps.onScreenPainted);
  const platformFetch = deps.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const api = lazyApiClient({
    baseURL: deps.apiBase ?? API_BASE,
    // What a page reads (exchange rates, balances, a screen's figures) is asked for once its screen has
    // painted: the screen shows without it and fills in when it comes, and its requests no longer come
    // before the page's largest paint. What a person does (log in, refresh a session, bet) goes at once.
    fetch: (input, init) => (screenHasPainted || init?.method !== 'GET' ? platformFetch(input, init) : screenPainted.then(() => platformFetch(input, init))),
    coordinator: () => system?.get('tokenRefresh') as TokenRefreshRef | undefined,
  });
  const calls = accountCalls(api);
  const session = createSessionStore(deps.storage ?? window.localStorage);
  // A returning player's stored session may need a refresh call before anything else: the client's code
  // comes at once then, beside the first page, rather than when that call is made.
  if (session.read().refreshToken !== null) api.preload();
  const preferences = createPreferenceStore(deps.storage ?? window.localStorage);
  const navigation = createNavigationAdapter();
  const clock = deps.clock ?? realClock;
  const now = () => clock.now();
  const refreshSession = fromPromise<Awaited<ReturnType<typeof calls.refreshToken>>, { refreshToken: string }>(({ input }) =>
    calls.refreshToken(input.refreshToken),
  );

  const logic = appMachine.provide({
    actions: {
      connectAdapters: ({ system: running }) => {
        system = running;
      },
    },
    actors: {
      // Offers the server a client seed made here (docs/product.md §3); failures are silent (the chart goes on
      // either way). The server adopts it only for a pair whose hash it has already shown
      // (docs/fairness.md), so the hashes are fetched first and the seed offered in a second call:
      // a new player's first pair then plays with it.
      prepareSeed: fromPromise(async () => {
        // Needed only once a player has signed in: the seed rules load then, not with the first page.
        const { randomClientSeed } = await import('../../core/fairness/seeds');
        const clientSeed = randomClientSeed((n) => globalThis.crypto.getRandomValues(new Uint8Array(n)));
        await api.get('/casino/get-seed');
        await api.get('/casino/get-seed', { query: { clientSeed } });
      }),
      // The wallet's logic, after the first paint: its machine and the money rules it uses are a chunk of
      // their own (docs/performance.md).
      loadWallet: fromPromise<AnyActorLogic, void>(async () => {
        await paint();
        // The wallet's first calls need the client's code: both chunks come together.
        api.preload();
        try {
          const { provideWallet } = await import('./wallet');
          return provideWallet({ api, preferences });
        } finally {
          walletSettled();
        }
      }),
      // The live link's and the feed's logic, once the page's screen has painted: the SignalR adapter and
      // both machines are a chunk of their own, not part of the first page (docs/performance.md).
      loadLiveFeed: fromPromise<LiveFeedLogic, void>(async () => {
        await screenPainted;
        const { provideLiveFeed } = await import('./liveFeed');
        return provideLiveFeed({ api, ...(deps.hub ? { hub: deps.hub } : {}), apiBase: deps.apiBase ?? API_BASE });
      }),
      modalStack: modalStackMachine.provide({
        actions: {
          markPageModalOpen: () => {
            markPageModalOpen();
            deps.onModalOpened?.();
          },
          unmarkPageModalOpen,
        },
      }),
      shell: shellMachine.provide({ actions: { scrollMainToTop } }),
      tokenRefresh: tokenRefreshMachine.provide({ actors: { refreshSession } }),
      auth: authMachine.provide({
        actors: {
          readStoredSession: fromPromise(async () => ({ stored: session.read(), nowSeconds: Math.floor(now() / 1000) })),
          refreshSession,
          login: fromPromise(({ input }) => calls.login(input)),
          register: fromPromise(({ input }) => calls.register(input)),
          requestPasswordReset: fromPromise(async ({ input }) => {
            await calls.forgotPassword(input.email);
          }),
          endSession: fromPromise(async ({ input }) => {
            await calls.endSession(input.sessionId);
          }),
        },
        actions: {
          storeSession: (_, params) => session.storeSession(params),
          storeTokens: (_, params) => session.storeTokens(params),
          storeUser: (_, params) => session.storeUser(params),
          clearStoredSession: () => session.clear(),
          leaveProtectedRoute: () => navigation.leaveProtectedRoute(),
        },
      }),
    },
  });

  const screenRuntime: ScreenRuntime = { api, now };
  const providedLogic = new Map<ScreenProvider<unknown>, unknown>();
  /**
   * A screen's or modal's logic, provided the first time its lazily loaded chunk asks and then reused:
   * the machines of the games, the token pages and the modals are not part of the first download.
   */
  const provided = <T>(provide: ScreenProvider<T>): T => {
    if (!providedLogic.has(provide)) providedLogic.set(provide, provide(screenRuntime));
    return providedLogic.get(provide) as T;
  };

  return { logic, api, calls, navigation, provided, clock, now, walletStart: preferences.read() };
}

export type AppRuntime = ReturnType<typeof createAppRuntime>;
