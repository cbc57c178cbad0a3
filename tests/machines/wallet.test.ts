import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet, WalletInput } from '../../machines/wallet/machine';
import {
  selectDisplayFiat,
  selectFiatRate,
  selectRates,
  selectSelectedCurrency,
  selectSelectedWallet,
  selectVisibleWallets,
} from '../../machines/wallet/selectors';
import { runInSystem } from '../support/actorSystem';
import { chartDocTest } from '../support/chartDocTest';
import { pathSuite } from '../support/pathTesting';
import { walletPaths } from './wallet.paths';

const serverWallets: Wallet[] = [
  { currencySymbol: 'BTC', balance: 0.5 },
  { currencySymbol: 'ETH', balance: 0 },
  { currencySymbol: 'USDT', balance: 120 },
  { currencySymbol: 'LTC', balance: 0 },
  { currencySymbol: 'DOGE', balance: 0 },
  { currencySymbol: 'ACC', balance: 3 },
];
const serverRates: ExchangeRate[] = [
  { symbol: 'BTC', exchangeRate: 95_000 },
  { symbol: 'USDT', exchangeRate: 1 },
];

function fakes(options: { wallets?: Wallet[]; walletsFail?: boolean; ratesFail?: boolean; realAnnouncements?: boolean } = {}) {
  const stored: Record<string, unknown> = {};
  const machine = walletMachine.provide({
    actors: {
      loadWallets: fromPromise(async () => {
        if (options.walletsFail) throw new Error('network');
        return options.wallets ?? serverWallets;
      }),
      loadRates: fromPromise(async () => {
        if (options.ratesFail) throw new Error('network');
        return serverRates;
      }),
    },
    actions: {
      persistCurrency: (_, params) => {
        stored.selectedCurrency = params.symbol;
      },
      persistDisplayFiat: (_, params) => {
        stored.displayFiat = params.on;
      },
      persistHideZero: (_, params) => {
        stored.hideZero = params.on;
      },
    },
  });
  // Outside an app there is no parent to tell: count the announcements instead.
  if (options.realAnnouncements) return { machine, stored };
  return { machine: machine.provide({ actions: { announceUpdate: () => void (stored.updates = Number(stored.updates ?? 0) + 1) } }), stored };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function signedIn(input: WalletInput = {}, options: { wallets?: Wallet[]; walletsFail?: boolean } = {}) {
  const { machine, stored } = fakes(options);
  const actor = createActor(machine, { input }).start();
  actor.send({ type: 'auth.loggedIn' });
  await settle();
  return { actor, stored };
}

describe('wallet', () => {
  it('should load the wallets after login, adding currencies the server has beyond the defaults', async () => {
    const { actor } = await signedIn();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ balances: { signedIn: 'ready' } })).toBe(true);
    expect(snapshot.context.wallets.map((w) => w.currencySymbol)).toEqual(['BTC', 'ETH', 'USDT', 'LTC', 'DOGE', 'ACC']);
    expect(selectRates(snapshot)).toEqual({ BTC: 95_000, USDT: 1 });
  });

  it('should read the balances again when the cashier moves money while a read is out, and show the newer one', async () => {
    // The read after login leaves first and answers last, with the balance from before the claim.
    const answers: Array<(wallets: Wallet[]) => void> = [];
    const machine = fakes().machine.provide({
      actors: { loadWallets: fromPromise(() => new Promise<Wallet[]>((resolve) => answers.push(resolve))) },
    });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'auth.loggedIn' });
    actor.send({ type: 'cashier.fundsMoved', currency: 'BTC' });
    // A second read went out; the first one's late answer is dropped with its invocation.
    expect(answers).toHaveLength(2);
    answers[1]!([{ currencySymbol: 'BTC', balance: 0.00105263 }]);
    answers[0]!([{ currencySymbol: 'BTC', balance: 0 }]);
    await settle();
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'BTC')!.balance).toBe(0.00105263);
  });

  it('should show the balance a deposit event says once the money is in, so a read that already held it is not added to', async () => {
    const { actor } = await signedIn({}, { wallets: [{ currencySymbol: 'BTC', balance: 0.00105263 }] });
    // The read after a demo claim answered first, with the claim in it; the claim's own event comes after.
    actor.send({ type: 'server.deposit', currency: 'BTC', amount: 0.00105263, balance: 0.00105263 });
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'BTC')!.balance).toBe(0.00105263);
    // A deposit in another tab's currency the list did not hold yet.
    actor.send({ type: 'server.deposit', currency: 'LTC', amount: 0.5, balance: 0.5 });
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'LTC')!.balance).toBe(0.5);
  });

  it('should keep the default wallets when the load fails, silently', async () => {
    const { actor } = await signedIn({}, { walletsFail: true });
    expect(actor.getSnapshot().matches({ balances: { signedIn: 'ready' } })).toBe(true);
    expect(actor.getSnapshot().context.wallets.every((w) => w.balance === 0)).toBe(true);
  });

  it('should restore the stored currency and fall back to the first wallet when it is unknown', async () => {
    const { actor } = await signedIn({ storedCurrency: 'ACC' });
    expect(selectSelectedCurrency(actor.getSnapshot())).toBe('ACC');
    const unknown = await signedIn({ storedCurrency: 'XRP' });
    expect(selectSelectedCurrency(unknown.actor.getSnapshot())).toBe('BTC');
    // The first wallet is the server's first, not BTC by default.
    const usdtFirst = await signedIn({ storedCurrency: 'XRP' }, { wallets: [{ currencySymbol: 'USDT', balance: 120 }, ...serverWallets.slice(0, 2)] });
    expect(selectSelectedWallet(usdtFirst.actor.getSnapshot())).toEqual({ currencySymbol: 'USDT', balance: 120 });
  });

  it('should store a selection and refuse a currency that is not in the list', async () => {
    const { actor, stored } = await signedIn();
    actor.send({ type: 'user.selectCurrency', symbol: 'USDT' });
    expect(selectSelectedWallet(actor.getSnapshot())).toEqual({ currencySymbol: 'USDT', balance: 120 });
    expect(stored.selectedCurrency).toBe('USDT');
    actor.send({ type: 'user.selectCurrency', symbol: 'NOPE' });
    expect(selectSelectedCurrency(actor.getSnapshot())).toBe('USDT');
  });

  it('should raise a balance by a deposit exactly, in base units', async () => {
    const { actor } = await signedIn();
    // Neither sum is exact in floats: 0.5 + 0.1 + 0.2 + 0.00000007 would be 0.8000000700000001.
    actor.send({ type: 'server.deposit', currency: 'BTC', amount: 0.1 });
    actor.send({ type: 'server.deposit', currency: 'BTC', amount: 0.2 });
    actor.send({ type: 'server.deposit', currency: 'BTC', amount: 0.00000007 });
    expect(selectSelectedWallet(actor.getSnapshot()).balance).toBe(0.80000007);
    actor.send({ type: 'server.deposit', currency: 'LTC', amount: 0.1 });
    actor.send({ type: 'server.deposit', currency: 'LTC', amount: 0.2 });
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'LTC')?.balance).toBe(0.3);
  });

  it('should list a currency the wallets did not hold once money arrives in it', async () => {
    const { actor } = await signedIn({}, { walletsFail: true });
    actor.send({ type: 'server.deposit', currency: 'ACC', amount: 2.5 });
    actor.send({ type: 'game.balanceUpdated', currency: 'SOL', balance: 1.25 });
    actor.send({ type: 'game.balanceAdjusted', currency: 'XRP', delta: 4 });
    expect(selectVisibleWallets(actor.getSnapshot()).map((w) => [w.currencySymbol, w.balance])).toEqual([
      ['BTC', 0],
      ['ETH', 0],
      ['USDT', 0],
      ['LTC', 0],
      ['DOGE', 0],
      ['ACC', 2.5],
      ['SOL', 1.25],
      ['XRP', 4],
    ]);
  });

  it('should follow balances reported by games and hold or refund a stake', async () => {
    const { actor } = await signedIn();
    actor.send({ type: 'game.balanceAdjusted', currency: 'USDT', delta: -20.5 });
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'USDT')?.balance).toBe(99.5);
    actor.send({ type: 'game.balanceUpdated', currency: 'USDT', balance: 140.25 });
    expect(actor.getSnapshot().context.wallets.find((w) => w.currencySymbol === 'USDT')?.balance).toBe(140.25);
  });

  it('should reset to the default wallets with BTC selected on logout', async () => {
    const { actor, stored } = await signedIn({ storedCurrency: 'USDT' });
    actor.send({ type: 'auth.loggedOut' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ balances: 'visitor' })).toBe(true);
    expect(snapshot.context.wallets.map((w) => [w.currencySymbol, w.balance])).toEqual([
      ['BTC', 0],
      ['ETH', 0],
      ['USDT', 0],
      ['LTC', 0],
      ['DOGE', 0],
    ]);
    expect(selectSelectedCurrency(snapshot)).toBe('BTC');
    expect(stored.selectedCurrency).toBe('BTC');
  });

  it('should hide zero balances but never the selected wallet, and remember both checkboxes', async () => {
    const { actor, stored } = await signedIn();
    actor.send({ type: 'user.selectCurrency', symbol: 'LTC' });
    actor.send({ type: 'user.toggleHideZero' });
    expect(selectVisibleWallets(actor.getSnapshot()).map((w) => w.currencySymbol)).toEqual(['BTC', 'USDT', 'LTC', 'ACC']);
    actor.send({ type: 'user.toggleFiatDisplay' });
    expect(selectDisplayFiat(actor.getSnapshot())).toBe(true);
    expect(stored).toMatchObject({ hideZero: true, displayFiat: true });
    const again = createActor(fakes().machine, { input: { displayFiat: true, hideZero: true } }).start();
    expect(again.getSnapshot().hasTag('fiat')).toBe(true);
    expect(again.getSnapshot().hasTag('hideZero')).toBe(true);
  });

  it('should give the dollar rate of a currency only while Display FIAT is on and its rate is known', async () => {
    const { actor } = await signedIn();
    expect(selectFiatRate('BTC')(actor.getSnapshot())).toBeUndefined();
    actor.send({ type: 'user.toggleFiatDisplay' });
    expect(selectFiatRate('BTC')(actor.getSnapshot())).toBe(95_000);
    expect(selectFiatRate('USDT')(actor.getSnapshot())).toBe(1);
    expect(selectFiatRate('ETH')(actor.getSnapshot())).toBeUndefined();
  });

  it('should refresh exchange rates every minute and keep the old ones when a refresh fails', async () => {
    let calls = 0;
    let fail = false;
    const clock = new SimulatedClock();
    const machine = walletMachine.provide({
      actors: {
        loadWallets: fromPromise(async () => serverWallets),
        loadRates: fromPromise(async () => {
          calls += 1;
          if (fail) throw new Error('down');
          return [{ symbol: 'BTC', exchangeRate: 90_000 + calls }];
        }),
      },
    });
    const { actor, sentTo } = runInSystem(machine, { input: {}, clock });
    await settle();
    expect(actor.getSnapshot().context.rates.BTC).toBe(90_001);
    expect(sentTo('betsFeed')).toEqual([{ type: 'wallet.ratesChanged', rates: { BTC: 90_001 } }]);
    fail = true;
    clock.increment(60_000);
    await settle();
    expect(actor.getSnapshot().matches({ rates: 'stale' })).toBe(true);
    expect(actor.getSnapshot().context.rates.BTC).toBe(90_001);
    fail = false;
    clock.increment(60_000);
    await settle();
    expect(actor.getSnapshot().context.rates.BTC).toBe(90_003);
  });

  it('should tell its parent (the app) when the selected wallet may look different', async () => {
    const { actor, sentTo } = runInSystem(fakes({ realAnnouncements: true }).machine, { input: {} });
    await settle();
    const before = sentTo('parent').length;
    actor.send({ type: 'user.toggleFiatDisplay' });
    actor.send({ type: 'game.balanceUpdated', currency: 'BTC', balance: 3 });
    expect(sentTo('parent').length).toBe(before + 1);
    actor.send({ type: 'auth.loggedIn' });
    await settle();
    actor.send({ type: 'game.balanceUpdated', currency: 'BTC', balance: 3 });
    expect(sentTo('parent').slice(before)).toEqual([{ type: 'wallet.updated' }, { type: 'wallet.updated' }, { type: 'wallet.updated' }]);
  });
});

chartDocTest('wallet', walletMachine);

pathSuite(walletPaths);
