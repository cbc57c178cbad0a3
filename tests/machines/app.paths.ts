import { expect } from 'vitest';
import { assign, createActor, fromCallback } from 'xstate';
import type { AnyActorLogic, AnyActorRef, AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { appMachine } from '../../machines/app/machine';
import { APP_WIDE_IDS } from '../../machines/shared/system';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The root app's paths: who plays (and the seed pair prepared after each login), which app-wide
 * actor hears which announcement (the live link and the feed once their logic has arrived, told the
 * session as it is then, their loading tried again after a failure), and which screen actor runs under which systemId with what input
 * and what it heard. The app-wide actors are recorders here (their own paths test them); the
 * reference keeps the session and the open screens from the performed events alone.
 */

const user = { id: 7, userName: 'ann', dateJoined: '2024-05-01', email: 'ann@example.com', emailConfirmed: true, tfaEnabled: false };
const loggedIn = { type: 'auth.loggedIn', user, tokens: { accessToken: 'jwt-1', refreshToken: 'refresh-1' } };
const screenLogic = fromCallback(() => {});
const events = [
  loggedIn,
  { type: 'auth.loggedOut' },
  { type: 'tokens.renewed', tokens: { accessToken: 'jwt-2', refreshToken: 'refresh-2' } },
  { type: 'tokens.expired' },
  { type: 'xstate.done.actor.prepareSeed' },
  { type: 'xstate.error.actor.prepareSeed', error: new Error('offline') },
  { type: 'screen.opened', systemId: 'dice', logic: screenLogic, input: { from: 'route' } },
  { type: 'screen.opened', systemId: 'mines', logic: screenLogic },
  { type: 'screen.closed', systemId: 'dice' },
  { type: 'screen.closed', systemId: 'mines' },
  { type: 'screen.closed', systemId: 'cashier' },
  // The wallet here is a recorder with no wallet to read: screens hear no wallet.changed from it.
  { type: 'wallet.updated' },
  // The live link's and the feed's logic arriving after the first paint (perform brings recorders), or
  // their chunk failing to arrive, and the try again after the retry delay.
  { type: 'xstate.done.actor.loadLiveFeed' },
  { type: 'xstate.error.actor.loadLiveFeed', error: new Error('chunk failed to load') },
  { type: 'xstate.after.chunkRetry.app.liveFeed.unavailable' },
  // The wallet's logic likewise (perform brings a recorder), its failure and the try again.
  { type: 'xstate.done.actor.loadWallet' },
  { type: 'xstate.error.actor.loadWallet', error: new Error('chunk failed to load') },
  { type: 'xstate.after.chunkRetry.app.wallet.unavailable' },
] as AnyEvent[];

const APP_WIDE = Object.values(APP_WIDE_IDS);
type AppWideId = (typeof APP_WIDE)[number];

interface Screen {
  systemId: string;
  input: unknown;
  heard: AnyEventObject[];
  stopped: boolean;
}

interface AppSut extends Sut {
  effects: FakeEffects;
  recorder: (id: AppWideId) => AnyActorLogic;
  system: () => { get: (id: string) => AnyActorRef | undefined };
  heard: Record<AppWideId, AnyEventObject[]>;
  screens: Screen[];
}

/** How screens, the live link and the feed hear a login: the player's name and id, and the access token only. */
const asScreensHear = (e: AnyEvent) =>
  e.type === 'auth.loggedIn' ? { type: 'auth.loggedIn', user: { userName: user.userName, id: String(user.id) }, token: (e['tokens'] as { accessToken: string }).accessToken } : { type: 'auth.loggedOut' };

/** The session, what each app-wide actor should have heard, and the screens that should run, after the performed events. */
function facts(world: World) {
  let signedIn = false;
  let seedAsked = 0;
  let feedLoaded = false;
  let feedAsked = 1;
  let walletLoaded = false;
  let walletAsked = 1;
  let login: AnyEvent | null = null;
  const heard: Record<string, unknown[]> = Object.fromEntries(APP_WIDE.map((id) => [id, []]));
  const screens: Array<{ systemId: string; input: unknown; heard: unknown[]; open: boolean }> = [];
  const open = () => screens.filter((s) => s.open);
  const liveFeed = () => (feedLoaded ? ['live', 'betsFeed'] : []);
  const wallet = () => (walletLoaded ? ['wallet'] : []);
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        seedAsked += 1;
        login = e;
        for (const id of ['tokenRefresh', 'modals', ...wallet()]) heard[id]!.push(e);
        for (const id of liveFeed()) heard[id]!.push(asScreensHear(e));
        open().forEach((s) => s.heard.push(asScreensHear(e)));
        break;
      case 'auth.loggedOut':
        signedIn = false;
        login = null;
        for (const id of ['tokenRefresh', ...wallet()]) heard[id]!.push(e);
        for (const id of liveFeed()) heard[id]!.push(asScreensHear(e));
        open().forEach((s) => s.heard.push(asScreensHear(e)));
        break;
      case 'tokens.renewed':
        heard['auth']!.push(e);
        if (login) login = { ...(login as AnyEventObject), tokens: e['tokens'] } as AnyEvent;
        if (feedLoaded) heard['live']!.push({ type: 'auth.tokenChanged', token: (e['tokens'] as { accessToken: string }).accessToken });
        break;
      case 'tokens.expired':
        heard['auth']!.push(e);
        break;
      case 'xstate.after.chunkRetry.app.liveFeed.unavailable':
        feedAsked += 1;
        break;
      case 'xstate.after.chunkRetry.app.wallet.unavailable':
        walletAsked += 1;
        break;
      case 'xstate.done.actor.loadWallet':
        walletLoaded = true;
        // The wallet is told of the player already signed in (it loads the balances then).
        if (login) heard['wallet']!.push({ type: 'auth.loggedIn' });
        break;
      case 'xstate.done.actor.loadLiveFeed':
        feedLoaded = true;
        // The feed is told of the player already signed in (with the token in use now); the link is started.
        if (login) heard['betsFeed']!.push(asScreensHear(login));
        heard['live']!.push({ type: 'app.connect' });
        break;
      case 'screen.opened':
        if (!open().some((s) => s.systemId === e['systemId'])) {
          screens.push({ systemId: e['systemId'] as string, input: { ...((e['input'] as object) ?? {}), signedIn }, heard: [], open: true });
        }
        break;
      case 'screen.closed':
        open().filter((s) => s.systemId === e['systemId']).forEach((s) => (s.open = false));
        break;
    }
  }
  return { signedIn, seedAsked, heard, screens, feedLoaded, feedAsked, walletLoaded, walletAsked };
}

export const appPaths: PathSpec<AppSut> = {
  name: 'app',
  // The generator's copy runs no effects and no real children, and files a screen by its systemId
  // without spawning it (every snapshot the generator makes shares one system); the chart is the same.
  machine: appMachine.provide({
    actions: {
      connectAdapters: () => {},
      spawnScreen: assign(({ context, event }) => (event.type === 'screen.opened' ? { screens: { ...context.screens, [event.systemId]: true } } : {})),
      stopScreen: assign(({ context, event }) => {
        if (event.type !== 'screen.closed') return {};
        const { [event.systemId]: _closed, ...open } = context.screens as Record<string, unknown>;
        return { screens: open };
      }),
      startLiveFeed: () => {},
      startWallet: () => {},
    },
    actors: Object.fromEntries(['modalStack', 'shell', 'tokenRefresh', 'auth', 'prepareSeed', 'loadWallet', 'loadLiveFeed'].map((name) => [name, fromCallback(() => {})])),
  } as never),
  variants: [
    {
      name: 'app',
      input: { viewportWidth: 1280 },
      events,
      serializeState: (s: AnyMachineSnapshot) => {
        const c = s.context as { session: unknown; screens: Record<string, unknown> };
        return JSON.stringify([s.value, c.session !== null, Object.keys(c.screens).sort()]);
      },
    },
  ],
  start(world) {
    const effects = new FakeEffects();
    const heard = Object.fromEntries(APP_WIDE.map((id) => [id, [] as AnyEventObject[]])) as Record<AppWideId, AnyEventObject[]>;
    const recorder = (id: AppWideId) => fromCallback<AnyEventObject>(({ receive }) => receive((e) => void heard[id].push(e)));
    const screens: Screen[] = [];
    const actor = createActor(
      appMachine.provide({
        actions: { connectAdapters: () => {} },
        actors: {
          modalStack: recorder('modals'),
          shell: recorder('shell'),
          tokenRefresh: recorder('tokenRefresh'),
          auth: recorder('auth'),
          prepareSeed: effects.actor('prepareSeed'),
          loadWallet: effects.actor('loadWallet'),
          loadLiveFeed: effects.actor('loadLiveFeed'),
        },
      } as never),
      { input: world.variant.input as never, clock: world.clock },
    ).start();
    return {
      effects,
      heard,
      screens,
      recorder,
      system: () => actor.system,
      snapshot: () => actor.getSnapshot(),
      send: (e) => actor.send(e as never),
      stop: () => void actor.stop(),
    };
  },
  perform: {
    // The chunk brings the two machines' logic: here recorders under the same systemIds.
    'xstate.done.actor.loadWallet': (sut) => sut.effects.resolve('loadWallet', sut.recorder('wallet')),
    'xstate.done.actor.loadLiveFeed': (sut) => sut.effects.resolve('loadLiveFeed', { live: sut.recorder('live'), betsFeed: sut.recorder('betsFeed') }),
    // Each opening brings the screen's own logic, as a route's chunk does: here one that records.
    'screen.opened': (sut, e) => {
      const systemId = e['systemId'] as string;
      const logic = fromCallback<AnyEventObject, unknown>(({ input, receive }) => {
        const screen: Screen = { systemId, input, heard: [], stopped: false };
        sut.screens.push(screen);
        receive((heard) => void screen.heard.push(heard));
        return () => {
          screen.stopped = true;
        };
      });
      sut.send({ ...e, logic });
    },
  },
  states: {
    '#app': {
      asserts: 'every app-wide actor runs under its systemId (the wallet, the live link and the feed once loaded); tokenRefresh, modals and the wallet heard each login as auth sent it (the wallet: those after it started, and one for the player already signed in when it did), the live link and the feed with the access token only; logouts reached all but the modals; renewed tokens reached auth and restarted the live link with the new access token; expiry reached auth; the live link was started once, when loaded; the wallet\'s and their logic was asked for at start and once more after each failure\'s retry delay',
      check(sut, world) {
        const f = facts(world);
        const running = (id: AppWideId) => (id === 'live' || id === 'betsFeed' ? f.feedLoaded : id === 'wallet' ? f.walletLoaded : true);
        for (const id of APP_WIDE) {
          if (running(id)) expect(sut.system().get(id), id).toBeDefined();
          else expect(sut.system().get(id), id).toBeUndefined();
        }
        for (const id of APP_WIDE) expect(sut.heard[id], id).toEqual(f.heard[id]);
        expect(sut.effects.callsOf('prepareSeed')).toHaveLength(f.seedAsked);
        expect(sut.effects.callsOf('loadLiveFeed')).toHaveLength(f.feedAsked);
        expect(sut.effects.callsOf('loadWallet')).toHaveLength(f.walletAsked);
      },
    },
    '#app.session.visitor': {
      asserts: 'nobody is signed in; no seed pair is being prepared',
      check(sut, world) {
        expect(facts(world).signedIn).toBe(false);
        expect(sut.effects.waiting('prepareSeed')).toBeUndefined();
      },
    },
    '#app.session.preparingSeed': {
      asserts: "a player just signed in: the seed pair is being prepared (after tokenRefresh heard the new tokens)",
      check(sut, world) {
        expect(facts(world).signedIn).toBe(true);
        expect(sut.effects.waiting('prepareSeed')).toBeDefined();
        expect(sut.heard.tokenRefresh.at(-1)?.type).toBe('auth.loggedIn');
      },
    },
    '#app.session.signedIn': {
      asserts: 'a player is signed in; the seed pair is ready (or failed, silently)',
      check(sut, world) {
        expect(facts(world).signedIn).toBe(true);
        expect(sut.effects.waiting('prepareSeed')).toBeUndefined();
      },
    },
    '#app.wallet.waiting': {
      asserts: "the wallet's logic is being loaded (after the first paint): it does not run and heard nothing",
      check(sut, world) {
        expect(facts(world).walletLoaded).toBe(false);
        expect(sut.effects.waiting('loadWallet')).toBeDefined();
        expect(sut.heard.wallet).toEqual([]);
      },
    },
    '#app.wallet.unavailable': {
      asserts: 'its chunk failed to arrive: it does not run nor heard anything, and nothing is loading until the retry delay has passed',
      check(sut, world) {
        expect(facts(world).walletLoaded).toBe(false);
        expect(sut.effects.waiting('loadWallet')).toBeUndefined();
        expect(sut.heard.wallet).toEqual([]);
      },
    },
    '#app.wallet.running': {
      asserts: 'the wallet runs under its systemId; nothing more is loading',
      check(sut, world) {
        expect(facts(world).walletLoaded).toBe(true);
        expect(sut.effects.waiting('loadWallet')).toBeUndefined();
        expect(sut.system().get('wallet')).toBeDefined();
      },
    },
    '#app.liveFeed': {
      asserts: 'the live link and the feed run once, and only once, their logic has arrived',
      check: (sut, world) => expect(sut.system().get('live') !== undefined).toBe(facts(world).feedLoaded),
    },
    '#app.liveFeed.waiting': {
      asserts: 'their logic is being loaded (after the first paint): neither runs, and neither heard anything',
      check(sut, world) {
        expect(facts(world).feedLoaded).toBe(false);
        expect(sut.effects.waiting('loadLiveFeed')).toBeDefined();
        expect(sut.heard.live).toEqual([]);
        expect(sut.heard.betsFeed).toEqual([]);
      },
    },
    '#app.liveFeed.unavailable': {
      asserts: 'their chunk failed to arrive: neither runs nor heard anything, and nothing is loading until the retry delay has passed',
      check(sut, world) {
        expect(facts(world).feedLoaded).toBe(false);
        expect(sut.effects.waiting('loadLiveFeed')).toBeUndefined();
        expect(sut.heard.live).toEqual([]);
        expect(sut.heard.betsFeed).toEqual([]);
      },
    },
    '#app.liveFeed.running': {
      asserts: 'both run under their systemIds; nothing more is loading',
      check(sut, world) {
        expect(facts(world).feedLoaded).toBe(true);
        expect(sut.effects.waiting('loadLiveFeed')).toBeUndefined();
        expect(sut.system().get('betsFeed')).toBeDefined();
      },
    },
    '#app.screens': {
      asserts: 'each screen opened and not closed runs under its systemId, started with the route input and whether a player is signed in, and heard every login and logout since, as screens hear them; a closed screen was stopped and left the system; a screen opened twice runs once',
      check(sut, world) {
        const f = facts(world);
        expect(sut.screens.map((s) => ({ systemId: s.systemId, input: s.input, heard: s.heard, open: !s.stopped }))).toEqual(f.screens);
        for (const screen of f.screens) {
          if (screen.open) expect(sut.system().get(screen.systemId), screen.systemId).toBeDefined();
        }
        for (const id of ['dice', 'mines']) {
          if (!f.screens.some((s) => s.open && s.systemId === id)) expect(sut.system().get(id), id).toBeUndefined();
        }
      },
    },
    '#app.screens.none': {
      asserts: 'no screen actor runs',
      check: (_sut, world) => expect(facts(world).screens.every((s) => !s.open)).toBe(true),
    },
    '#app.screens.open': {
      asserts: 'at least one screen actor runs',
      check: (_sut, world) => expect(facts(world).screens.some((s) => s.open)).toBe(true),
    },
  },
};
