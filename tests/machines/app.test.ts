import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { AnyActorLogic, AnyEventObject } from 'xstate';
import { appMachine } from '../../machines/app/machine';
import type { AppInput } from '../../machines/app/machine';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet } from '../../machines/wallet/machine';
import { appDescriptions } from '../../machines/app/descriptions';
import { withDescriptions } from '../../machines/shared/descriptions';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { appPaths } from './app.paths';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The app chart with its app-wide actors faked, except the real wallet (with fake calls). */
function startedApp(
  options: {
    wallets?: Wallet[];
    rates?: ExchangeRate[][];
    clock?: SimulatedClock;
    input?: AppInput;
    shell?: AnyActorLogic;
    connectAdapters?: (args: { system: unknown }) => void;
    loadLiveFeed?: AnyActorLogic;
  } = {},
) {
  const quiet = fromCallback(() => {});
  const wallets = options.wallets ?? [{ currencySymbol: 'BTC', balance: 0.5 }];
  const wallet = walletMachine.provide({
    actors: {
      loadWallets: fromPromise<Wallet[], void>(async () => wallets),
      loadRates: fromPromise<ExchangeRate[], void>(async () => options.rates?.shift() ?? [{ symbol: 'BTC', exchangeRate: 100_000 }]),
    },
    actions: { persistCurrency: () => {}, persistDisplayFiat: () => {}, persistHideZero: () => {} },
  });
  const app = appMachine.provide({
    actors: {
      modalStack: quiet,
      shell: options.shell ?? quiet,
      tokenRefresh: quiet,
      auth: quiet,
      prepareSeed: fromPromise(async () => {}),
      // The wallet's logic arrives at once (after the first paint in the browser).
      loadWallet: fromPromise(async () => wallet),
      // Unless a test brings it, the live link's and the feed's logic never arrives here.
      loadLiveFeed: options.loadLiveFeed ?? fromPromise(() => new Promise(() => {})),
    },
    actions: { connectAdapters: options.connectAdapters ?? (() => {}) },
  } as never);
  return createActor(app, { input: options.input ?? { viewportWidth: 1280 }, ...(options.clock ? { clock: options.clock } : {}) }).start();
}

const user = { id: 7, userName: 'ann', email: 'a@b.co', emailConfirmed: true, tfaEnabled: false };
const loggedIn = { type: 'auth.loggedIn', user, tokens: { accessToken: 'jwt-1', refreshToken: 'r' } } as never;

/** A screen's logic that records what it hears and the input it started with. */
function recordingScreen() {
  const heard: AnyEventObject[] = [];
  const inputs: unknown[] = [];
  const logic = fromCallback<AnyEventObject, unknown>(({ receive, input }) => {
    inputs.push(input);
    receive((event) => void heard.push(event));
  });
  return { logic, heard, inputs };
}

describe('app: the screens on show', () => {
  it('should start a screen with the session and the selected wallet, and tell it of logins and wallet changes', async () => {
    const app = startedApp();
    await settle();
    const screen = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic, input: { extra: 1 } });
    expect(screen.inputs).toEqual([{ extra: 1, signedIn: false, wallet: { currency: 'BTC', balance: 0, fiatRate: null, exchangeRate: 100_000 } }]);
    expect(app.system.get('dice')).toBeDefined();

    app.send(loggedIn);
    await settle();
    expect(screen.heard[0]).toEqual({ type: 'auth.loggedIn', user: { userName: 'ann', id: '7' }, token: 'jwt-1' });
    // The wallet loaded the player's balance: the screen hears it once.
    expect(screen.heard.filter((e) => e.type === 'wallet.changed')).toEqual([
      { type: 'wallet.changed', wallet: { currency: 'BTC', balance: 0.5, fiatRate: null, exchangeRate: 100_000 } },
    ]);
    (app.system.get('wallet') as { send: (e: AnyEventObject) => void }).send({ type: 'user.toggleFiatDisplay' });
    expect(screen.heard.at(-1)).toEqual({ type: 'wallet.changed', wallet: { currency: 'BTC', balance: 0.5, fiatRate: 100_000, exchangeRate: 100_000 } });

    app.send({ type: 'screen.closed', systemId: 'dice' });
    expect(app.system.get('dice')).toBeUndefined();
    const heardBefore = screen.heard.length;
    app.send({ type: 'auth.loggedOut' });
    expect(screen.heard.length).toBe(heardBefore);
  });
});

describe('app: a screen opened twice', () => {
  it('should keep the running screen actor, not start a second one under the same systemId', async () => {
    const app = startedApp();
    await settle();
    const screen = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic });
    const first = app.system.get('dice');
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic });
    expect(screen.inputs).toHaveLength(1);
    expect(app.system.get('dice')).toBe(first);
    expect(app.getSnapshot().status).toBe('active');
  });
});

describe('app: who a screen is told is playing', () => {
  it('should start a screen opened after a login as signed in, tell it of the logout, and start one opened after it as a visitor', async () => {
    const app = startedApp();
    await settle();
    app.send(loggedIn);
    await settle();
    const dice = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: dice.logic });
    expect(dice.inputs).toEqual([expect.objectContaining({ signedIn: true })]);
    app.send({ type: 'auth.loggedOut' });
    expect(dice.heard.filter((e) => e.type.startsWith('auth.'))).toEqual([{ type: 'auth.loggedOut' }]);
    const mines = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'mines', logic: mines.logic });
    expect(mines.inputs).toEqual([expect.objectContaining({ signedIn: false })]);
  });
});

describe('app: the wallet news screens hear', () => {
  it('should tell a screen of the selected wallet only when its currency, balance or dollar rate changed', async () => {
    const app = startedApp({ wallets: [{ currencySymbol: 'BTC', balance: 0.5 }, { currencySymbol: 'ETH', balance: 2 }] });
    await settle();
    app.send(loggedIn);
    await settle();
    const screen = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic });
    expect(screen.inputs).toEqual([{ signedIn: true, wallet: { currency: 'BTC', balance: 0.5, fiatRate: null, exchangeRate: 100_000 } }]);
    const wallet = app.system.get('wallet') as { send: (e: AnyEventObject) => void };
    wallet.send({ type: 'user.selectCurrency', symbol: 'ETH' });
    // No dollar rate is known for ETH: Display FIAT changes nothing the screen shows, and nothing is said.
    wallet.send({ type: 'user.toggleFiatDisplay' });
    app.send({ type: 'wallet.updated' });
    wallet.send({ type: 'user.selectCurrency', symbol: 'BTC' });
    app.send({ type: 'wallet.updated' });
    expect(screen.heard.filter((e) => e.type === 'wallet.changed')).toEqual([
      { type: 'wallet.changed', wallet: { currency: 'ETH', balance: 2, fiatRate: null, exchangeRate: null } },
      { type: 'wallet.changed', wallet: { currency: 'BTC', balance: 0.5, fiatRate: 100_000, exchangeRate: 100_000 } },
    ]);
  });

  it('should tell a screen of a new dollar rate of the selected currency, Display FIAT off', async () => {
    const clock = new SimulatedClock();
    const app = startedApp({ clock, rates: [[{ symbol: 'BTC', exchangeRate: 100_000 }], [{ symbol: 'BTC', exchangeRate: 90_000 }]] });
    await settle();
    const screen = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic });
    // The wallet reads the rates again after a minute.
    clock.increment(60_000);
    await settle();
    expect(screen.heard).toEqual([{ type: 'wallet.changed', wallet: { currency: 'BTC', balance: 0, fiatRate: null, exchangeRate: 90_000 } }]);
  });

  it('should start the shell with the viewport width and the wallet with the remembered choices, a currency not listed yet at 0', async () => {
    const shellInputs: unknown[] = [];
    const shell = fromCallback(({ input }) => void shellInputs.push(input));
    const app = startedApp({ shell, input: { viewportWidth: 390, wallet: { storedCurrency: 'XRP', displayFiat: true } } });
    await settle();
    expect(shellInputs).toEqual([{ viewportWidth: 390 }]);
    const screen = recordingScreen();
    app.send({ type: 'screen.opened', systemId: 'dice', logic: screen.logic });
    expect(screen.inputs).toEqual([{ signedIn: false, wallet: { currency: 'XRP', balance: 0, fiatRate: null, exchangeRate: null } }]);
  });
});

describe('app: the browser adapters', () => {
  it('should hand the actor system to the browser adapters once, at start', () => {
    const handed: unknown[] = [];
    const app = startedApp({ connectAdapters: ({ system }) => void handed.push(system) });
    expect(handed).toEqual([app.system]);
  });
});

describe('app: the live link and the feed', () => {
  /** Logic that records what it started with and what it hears, as the chunk's machines would. */
  function recordingLogic() {
    const heard: AnyEventObject[] = [];
    const inputs: unknown[] = [];
    const logic = fromCallback<AnyEventObject, unknown>(({ receive, input }) => {
      inputs.push(input);
      receive((event) => void heard.push(event));
    });
    return { logic, heard, inputs };
  }

  it('should start them once their logic arrives, the feed told of the player and the rates, the link opened with the token in use', async () => {
    const live = recordingLogic();
    const feed = recordingLogic();
    let arrive: (logic: { live: AnyActorLogic; betsFeed: AnyActorLogic }) => void = () => {};
    const loadLiveFeed = fromPromise(() => new Promise<{ live: AnyActorLogic; betsFeed: AnyActorLogic }>((resolve) => (arrive = resolve)));
    const app = startedApp({ loadLiveFeed });
    await settle();
    app.send(loggedIn);
    app.send({ type: 'tokens.renewed', tokens: { accessToken: 'jwt-2', refreshToken: 'r2' } } as never);
    await settle();
    expect(app.system.get('live')).toBeUndefined();
    arrive({ live: live.logic, betsFeed: feed.logic });
    await settle();
    expect(live.inputs).toEqual([{ token: 'jwt-2' }]);
    expect(live.heard).toEqual([{ type: 'app.connect' }]);
    expect(feed.heard).toEqual([
      { type: 'auth.loggedIn', user: { userName: 'ann', id: '7' }, token: 'jwt-2' },
      { type: 'wallet.ratesChanged', rates: { BTC: 100_000 } },
    ]);
  });

  it('should ask for their logic again 30 s after it failed to arrive, and start them then', async () => {
    const clock = new SimulatedClock();
    const live = recordingLogic();
    const feed = recordingLogic();
    let calls = 0;
    const loadLiveFeed = fromPromise(async () => {
      calls += 1;
      if (calls === 1) throw new Error('chunk failed to load');
      return { live: live.logic, betsFeed: feed.logic };
    });
    const app = startedApp({ clock, loadLiveFeed });
    await settle();
    expect(app.getSnapshot().matches({ liveFeed: 'unavailable' })).toBe(true);
    clock.increment(29_999);
    await settle();
    expect(calls).toBe(1);
    clock.increment(1);
    await settle();
    expect(calls).toBe(2);
    expect(app.system.get('betsFeed')).toBeDefined();
    expect(live.heard).toEqual([{ type: 'app.connect' }]);
  });
});

// Its states' descriptions are kept beside the chart (machines/app/descriptions.ts), off the first page.
chartDocTest('app', withDescriptions(appMachine, appDescriptions));

pathSuite(appPaths);
