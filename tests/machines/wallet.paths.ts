import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { walletMachine } from '../../machines/wallet/machine';
import type { ExchangeRate, Wallet, WalletEvent, WalletInput } from '../../machines/wallet/machine';
import {
  selectDisplayFiat,
  selectFiatRate,
  selectHideZero,
  selectRate,
  selectSelectedCurrency,
  selectSelectedWallet,
  selectVisibleWallets,
} from '../../machines/wallet/selectors';
import { runInSystem } from '../support/actorSystem';
import { FakeEffects } from '../support/pathTesting';
import type { AnyEvent, PathSpec, Sut, World } from '../support/pathTesting';

/**
 * The wallet's paths (docs/product.md §1, §4, §7, §9): the balances shown and the selected
 * currency, Display FIAT and Hide 0 balances, what is stored, and what it tells the app
 * (wallet.updated) and the bets feed (the rates). The reference keeps every balance in exact
 * decimals from the performed events: amounts like 0.1 + 0.2 must add up to 0.3, not to a float.
 */

const DEFAULTS = ['BTC', 'ETH', 'USDT', 'LTC', 'DOGE'];
const serverWallets: Wallet[] = [
  { currencySymbol: 'USDT', balance: 120 },
  { currencySymbol: 'BTC', balance: 0.5 },
  { currencySymbol: 'ETH', balance: 0 },
  { currencySymbol: 'ACC', balance: 3 },
];
const serverRates: ExchangeRate[] = [
  { symbol: 'BTC', exchangeRate: 95_000 },
  { symbol: 'USDT', exchangeRate: 1 },
  { symbol: 'DOGE', exchangeRate: Number.NaN },
];

const events = [
  { type: 'auth.loggedIn' },
  { type: 'auth.loggedOut' },
  { type: 'user.selectCurrency', symbol: 'ETH' },
  { type: 'user.selectCurrency', symbol: 'ACC' },
  { type: 'user.selectCurrency', symbol: 'XRP' },
  { type: 'user.toggleFiatDisplay' },
  { type: 'user.toggleHideZero' },
  { type: 'server.deposit', currency: 'BTC', amount: 0.1 },
  { type: 'server.deposit', currency: 'BTC', amount: 0.2 },
  { type: 'server.deposit', currency: 'LTC', amount: 0.00000001 },
  { type: 'game.balanceUpdated', currency: 'ETH', balance: 2.5 },
  { type: 'game.balanceAdjusted', currency: 'USDT', delta: -20.7 },
  { type: 'game.balanceAdjusted', currency: 'ETH', delta: -5 },
  { type: 'game.switchCurrency', currency: 'USDT' },
  { type: 'cashier.fundsMoved', currency: 'BTC' },
  { type: 'xstate.done.actor.loadWallets', output: serverWallets },
  { type: 'xstate.error.actor.loadWallets', error: new Error('offline') },
  { type: 'xstate.done.actor.loadRates', output: serverRates },
  { type: 'xstate.error.actor.loadRates', error: new Error('offline') },
  { type: 'xstate.after.ratesRefresh.wallet.rates.current' },
  { type: 'xstate.after.ratesRefresh.wallet.rates.stale' },
] as AnyEvent[];

// Balances are data: the vertices are the states, the selection and which wallets are listed.
const serializeState = (s: AnyMachineSnapshot) => {
  const { selected, wallets, rates } = s.context as { selected: string; wallets: Wallet[]; rates: Record<string, number> };
  return JSON.stringify([s.value, selected, wallets.map((w) => w.currencySymbol), Object.keys(rates).length > 0]);
};

interface WalletSut extends Sut {
  effects: FakeEffects;
  sentTo: ReturnType<typeof runInSystem>['sentTo'];
}

/** Exact decimal arithmetic for the reference, independent of the machine's: coins in 10⁻⁸ units. */
const units = (amount: number): bigint => {
  const [whole, fraction = ''] = Math.abs(amount).toFixed(8).split('.');
  const value = BigInt(whole!) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
  return amount < 0 ? -value : value;
};
const coins = (value: bigint): number => Number(`${value / 100_000_000n}.${(value % 100_000_000n).toString().padStart(8, '0')}`);

/** The wallet a person should see after the performed events, and what should have been stored and said. */
function facts(world: World) {
  const input = (world.variant.input ?? {}) as WalletInput;
  let wallets = DEFAULTS.map((currencySymbol) => ({ currencySymbol, balance: 0n }));
  let selected = input.storedCurrency || 'BTC';
  let signedIn = false;
  let fiat = input.displayFiat ?? false;
  let hideZero = input.hideZero ?? false;
  let rates: Record<string, number> = {};
  let ratesFailed = false;
  let announcements = 0;
  const stored: Array<[string, unknown]> = [];
  const shared: unknown[] = [];
  const move = (currency: string, next: (balance: bigint) => bigint) => {
    if (!wallets.some((w) => w.currencySymbol === currency)) wallets = [...wallets, { currencySymbol: currency, balance: 0n }];
    wallets = wallets.map((w) => (w.currencySymbol === currency ? { ...w, balance: [next(w.balance), 0n].reduce((a, b) => (a > b ? a : b)) } : w));
    announcements += 1;
  };
  const select = (symbol: string) => {
    selected = symbol;
    stored.push(['persistCurrency', { symbol }]);
    announcements += 1;
  };
  for (const e of world.performed) {
    switch (e.type) {
      case 'auth.loggedIn':
        signedIn = true;
        break;
      case 'auth.loggedOut':
        signedIn = false;
        wallets = DEFAULTS.map((currencySymbol) => ({ currencySymbol, balance: 0n }));
        select('BTC');
        break;
      case 'user.selectCurrency':
        if (wallets.some((w) => w.currencySymbol === e['symbol'])) select(e['symbol'] as string);
        break;
      case 'game.switchCurrency':
        select(e['currency'] as string);
        break;
      case 'user.toggleFiatDisplay':
        fiat = !fiat;
        stored.push(['persistDisplayFiat', { on: fiat }]);
        announcements += 1;
        break;
      case 'user.toggleHideZero':
        hideZero = !hideZero;
        stored.push(['persistHideZero', { on: hideZero }]);
        break;
      case 'server.deposit':
        move(e['currency'] as string, (b) => b + units(e['amount'] as number));
        break;
      case 'game.balanceUpdated':
        move(e['currency'] as string, () => units(e['balance'] as number));
        break;
      case 'game.balanceAdjusted':
        move(e['currency'] as string, (b) => b + units(e['delta'] as number));
        break;
      case 'xstate.done.actor.loadWallets': {
        const incoming = (e['output'] as Wallet[]).map((w) => ({ currencySymbol: w.currencySymbol, balance: units(w.balance) }));
        const missing = wallets.filter((w) => !incoming.some((i) => i.currencySymbol === w.currencySymbol)).map((w) => ({ ...w, balance: 0n }));
        wallets = [...incoming, ...missing];
        if (!wallets.some((w) => w.currencySymbol === selected)) selected = wallets[0]!.currencySymbol;
        announcements += 1;
        break;
      }
      case 'xstate.done.actor.loadRates':
        for (const r of e['output'] as ExchangeRate[]) if (Number.isFinite(r.exchangeRate)) rates = { ...rates, [r.symbol]: r.exchangeRate };
        shared.push({ type: 'wallet.ratesChanged', rates });
        announcements += 1;
        ratesFailed = false;
        break;
      case 'xstate.error.actor.loadRates':
        ratesFailed = true;
        break;
    }
  }
  return { wallets: wallets.map((w) => ({ currencySymbol: w.currencySymbol, balance: coins(w.balance) })), selected, signedIn, fiat, hideZero, rates, ratesFailed, announcements, stored, shared };
}

const snap = (sut: WalletSut) => sut.snapshot() as Parameters<typeof selectSelectedWallet>[0];

export const walletPaths: PathSpec<WalletSut> = {
  name: 'wallet',
  // Paths are generated outside any app: with no parent or feed to tell, the generator's copy stays quiet.
  machine: walletMachine.provide({ actions: { announceUpdate: () => {}, shareRates: () => {} } }),
  variants: [
    // First, so the deposit and the held stake are taken on a loaded balance: 0.1 + 0.2 is not exact in floats, and a stake above the balance stops at zero.
    {
      name: 'exact sums',
      input: {},
      events: (s) =>
        s.matches({ balances: { signedIn: 'ready' } })
          ? ([
              { type: 'server.deposit', currency: 'BTC', amount: 0.2 },
              { type: 'game.balanceAdjusted', currency: 'BTC', delta: -0.5 },
            ] as AnyEvent[])
          : ([{ type: 'auth.loggedIn' }, { type: 'xstate.done.actor.loadWallets', output: [{ currencySymbol: 'BTC', balance: 0.1 }] }] as AnyEvent[]),
      serializeState,
    },
    { name: 'first visit', input: {}, events, serializeState },
    // A returning browser: ACC remembered (a currency only the server lists), Display FIAT and Hide 0 on.
    { name: 'returning', input: { storedCurrency: 'ACC', displayFiat: true, hideZero: true }, events, serializeState },
  ],
  start(world) {
    const effects = new FakeEffects();
    const machine = walletMachine.provide({
      actors: effects.actors(['loadWallets', 'loadRates']) as never,
      actions: effects.actions(['persistCurrency', 'persistDisplayFiat', 'persistHideZero']) as never,
    });
    const system = runInSystem(machine, { input: world.variant.input as WalletInput, systemId: 'wallet', recorders: ['betsFeed'], clock: world.clock });
    return {
      effects,
      sentTo: system.sentTo,
      snapshot: () => system.actor.getSnapshot(),
      send: (e) => system.actor.send(e as WalletEvent),
      stop: () => void system.root.stop(),
    };
  },
  states: {
    '#wallet': {
      asserts:
        'the selected currency and its balance, exact to 10⁻⁸ (0.1 + 0.2 BTC shows 0.3), and the dropdown list (zero balances left out with Hide 0, never the selected one) are those the events led to; the fiat rate shows only with Display FIAT; every choice was stored; the app heard wallet.updated once per change a screen can see, and the bets feed every fresh set of rates',
      check(sut, world) {
        const f = facts(world);
        expect(selectSelectedCurrency(snap(sut))).toBe(f.selected);
        expect(selectSelectedWallet(snap(sut))).toEqual(f.wallets.find((w) => w.currencySymbol === f.selected) ?? { currencySymbol: f.selected, balance: 0 });
        const visible = f.hideZero ? f.wallets.filter((w) => w.balance > 0 || w.currencySymbol === f.selected) : f.wallets;
        expect(selectVisibleWallets(snap(sut))).toEqual(visible);
        expect(selectDisplayFiat(snap(sut))).toBe(f.fiat);
        expect(selectHideZero(snap(sut))).toBe(f.hideZero);
        for (const symbol of ['BTC', 'USDT', 'DOGE']) {
          expect(selectRate(symbol)(snap(sut)), symbol).toBe(f.rates[symbol]);
          expect(selectFiatRate(symbol)(snap(sut)), symbol).toBe(f.fiat ? f.rates[symbol] : undefined);
        }
        const stored = (['persistCurrency', 'persistDisplayFiat', 'persistHideZero'] as const).flatMap((name) => sut.effects.callsOf(name).map((p) => [name, p]));
        expect(stored).toEqual(expect.arrayContaining(f.stored));
        expect(stored).toHaveLength(f.stored.length);
        expect(sut.sentTo('parent')).toEqual(Array.from({ length: f.announcements }, () => ({ type: 'wallet.updated' })));
        expect(sut.sentTo('betsFeed')).toEqual(f.shared);
      },
    },
    '#wallet.balances.visitor': {
      asserts: 'nobody is signed in: the five default wallets at zero',
      check(sut, world) {
        const f = facts(world);
        expect(f.signedIn).toBe(false);
        expect(f.wallets).toEqual(DEFAULTS.map((currencySymbol) => ({ currencySymbol, balance: 0 })));
        expect(sut.effects.waiting('loadWallets')).toBeUndefined();
      },
    },
    '#wallet.balances.signedIn': {
      asserts: 'a player is signed in',
      check: (_sut, world) => expect(facts(world).signedIn).toBe(true),
    },
    '#wallet.balances.signedIn.loading': {
      asserts: "the player's wallets are being fetched",
      check(sut) {
        expect(sut.effects.waiting('loadWallets')).toBeDefined();
        expect(sut.snapshot().hasTag('loadingWallets')).toBe(true);
      },
    },
    '#wallet.balances.signedIn.ready': {
      asserts: 'no wallets request is waiting (a failed one left the list as it was)',
      check(sut) {
        expect(sut.effects.waiting('loadWallets')).toBeUndefined();
        expect(sut.snapshot().hasTag('loadingWallets')).toBe(false);
      },
    },
    '#wallet.rates.loading': {
      asserts: 'the exchange rates are being fetched',
      check: (sut) => expect(sut.effects.waiting('loadRates')).toBeDefined(),
    },
    '#wallet.rates.current': {
      asserts: 'the last rates fetch succeeded; none is waiting',
      check(sut, world) {
        expect(sut.effects.waiting('loadRates')).toBeUndefined();
        expect(facts(world).ratesFailed).toBe(false);
      },
    },
    '#wallet.rates.stale': {
      asserts: 'the last rates fetch failed, silently: the rates known before stay',
      check(sut, world) {
        expect(sut.effects.waiting('loadRates')).toBeUndefined();
        expect(facts(world).ratesFailed).toBe(true);
      },
    },
    '#wallet.display.crypto': {
      asserts: 'amounts show in the currency itself',
      check: (sut, world) => expect(facts(world).fiat || selectDisplayFiat(snap(sut))).toBe(false),
    },
    '#wallet.display.fiat': {
      asserts: 'amounts show in dollars',
      check: (sut, world) => expect(facts(world).fiat && selectDisplayFiat(snap(sut))).toBe(true),
    },
    '#wallet.zeroBalances.shown': {
      asserts: 'every wallet is listed',
      check: (sut, world) => expect(facts(world).hideZero || selectHideZero(snap(sut))).toBe(false),
    },
    '#wallet.zeroBalances.hidden': {
      asserts: 'empty wallets are left out of the list, except the selected one',
      check: (sut, world) => expect(facts(world).hideZero && selectHideZero(snap(sut))).toBe(true),
    },
  },
};
