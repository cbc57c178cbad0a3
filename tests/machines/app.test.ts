import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AnyEventObject } from 'xstate';
import { appMachine } from '../../machines/app/machine';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet } from '../../machines/wallet/machine';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { appPaths } from './app.paths';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The app chart with its app-wide actors faked, except the real wallet (with fake calls). */
function startedApp() {
  const quiet = fromCallback(() => {});
  const wallet = walletMachine.provide({
    actors: {
      loadWallets: fromPromise<Wallet[], void>(async () => [{ currencySymbol: 'BTC', balance: 0.5 }]),
      loadRates: fromPromise<ExchangeRate[], void>(async () => [{ symbol: 'BTC', exchangeRate: 100_000 }]),
    },
    actions: { persistCurrency: () => {}, persistDisplayFiat: () => {}, persistHideZero: () => {} },
  });
  const app = appMachine.provide({
    actors: { modalStack: quiet, shell: quiet, tokenRefresh: quiet, auth: quiet, live: quiet, betsFeed: quiet, wallet, prepareSeed: fromPromise(async () => {}) },
    actions: { connectAdapters: () => {} },
  } as never);
  return createActor(app, { input: { viewportWidth: 1280 } }).start();
}

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

    const user = { id: 7, userName: 'ann', email: 'a@b.co', emailConfirmed: true, tfaEnabled: false };
    app.send({ type: 'auth.loggedIn', user, tokens: { accessToken: 'jwt-1', refreshToken: 'r' } } as never);
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

chartDocTest('app', appMachine);

pathSuite(appPaths);
