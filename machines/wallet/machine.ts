import { assign, sendParent, sendTo, setup } from 'xstate';
import { decimalToUnits, unitsToNumber } from '../../src/core/units';
import { effectAction, effectActor } from '../shared/effects';
import { SYSTEM_IDS } from '../shared/system';
import type { ExchangeRate as WireExchangeRate } from '../../src/core/contracts/payments';
import type { Wallet as WireWallet } from '../../src/core/contracts/wallet';

/** The wallets a visitor sees, and that a player returns to on logout (docs/product.md §1, §4). */
export const DEFAULT_CURRENCIES = ['BTC', 'ETH', 'USDT', 'LTC', 'DOGE'] as const;
export const DEFAULT_CURRENCY = 'BTC';

/** Balances in coins, exactly as the server sent them (≤ 8 decimals); sums go through base units. */
export type Wallet = WireWallet;

export type ExchangeRate = WireExchangeRate;

export interface WalletInput {
  storedCurrency?: string | null;
  displayFiat?: boolean;
  hideZero?: boolean;
}

export interface WalletContext {
  wallets: Wallet[];
  rates: Record<string, number>;
  selected: string;
  start: { displayFiat: boolean; hideZero: boolean };
}

export type WalletEvent =
  | { type: 'auth.loggedIn' }
  | { type: 'auth.loggedOut' }
  | { type: 'user.selectCurrency'; symbol: string }
  | { type: 'user.toggleFiatDisplay' }
  | { type: 'user.toggleHideZero' }
  /** Live hub: money arrived (docs/product.md §7 `deposit`). */
  /** `balance`, when the server sends it, is the balance once the money is in: it is shown as it is. */
  | { type: 'server.deposit'; amount: number; currency: string; balance?: number }
  /** A game settled a bet and reports the server's new balance. */
  | { type: 'game.balanceUpdated'; currency: string; balance: number }
  /** A game moves a balance ahead of the server (baccarat holds the stake at once, refunds on failure). */
  | { type: 'game.balanceAdjusted'; currency: string; delta: number }
  /** A restored game (blackjack) was played in another currency. */
  | { type: 'game.switchCurrency'; currency: string }
  /** The cashier moved money (demo funds, a withdrawal or its cancellation): read the balances again. */
  | { type: 'cashier.fundsMoved'; currency: string };

export const defaultWallets = (): Wallet[] => DEFAULT_CURRENCIES.map((currencySymbol) => ({ currencySymbol, balance: 0 }));

const add = (a: number, b: number) => unitsToNumber(decimalToUnits(a) + decimalToUnits(b));

function mergeWallets(current: Wallet[], incoming: Wallet[]): Wallet[] {
  // Server order wins; defaults the server did not mention stay (at zero) so the list never shrinks.
  const bySymbol = new Map(incoming.map((w) => [w.currencySymbol, w]));
  const missing = current.filter((w) => !bySymbol.has(w.currencySymbol)).map((w) => ({ ...w, balance: 0 }));
  return [...incoming, ...missing];
}

function withBalance(wallets: Wallet[], currency: string, next: (balance: number) => number): Wallet[] {
  const known = wallets.some((w) => w.currencySymbol === currency);
  const list = known ? wallets : [...wallets, { currencySymbol: currency, balance: 0 }];
  return list.map((w) => (w.currencySymbol === currency ? { ...w, balance: Math.max(0, next(w.balance)) } : w));
}

const selectionFor = (wallets: Wallet[], wanted: string) =>
  wallets.some((w) => w.currencySymbol === wanted) ? wanted : (wallets[0]?.currencySymbol ?? DEFAULT_CURRENCY);

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    input: {} as WalletInput,
  },
  actors: {
    /** GET /wallet/get-wallets, provided by src/app. */
    loadWallets: effectActor<Wallet[]>('loadWallets'),
    /** GET /payments/get-exchange-rates, provided by src/app. */
    loadRates: effectActor<ExchangeRate[]>('loadRates'),
  },
  delays: {
    /** Rates drift; refresh them in the background while the page is open. */
    ratesRefresh: 60_000,
  },
  actions: {
    selectCurrency: assign({ selected: (_, params: { symbol: string }) => params.symbol }),
    storeWallets: assign(({ context }, params: { wallets: Wallet[] }) => {
      const wallets = mergeWallets(context.wallets, params.wallets);
      return { wallets, selected: selectionFor(wallets, context.selected) };
    }),
    storeRates: assign({
      rates: ({ context }, params: { rates: ExchangeRate[] }) => ({
        ...context.rates,
        ...Object.fromEntries(params.rates.filter((r) => Number.isFinite(r.exchangeRate)).map((r) => [r.symbol, r.exchangeRate])),
      }),
    }),
    resetToDefaults: assign({ wallets: () => defaultWallets(), selected: DEFAULT_CURRENCY }),
    applyDeposit: assign({
      wallets: ({ context, event }) =>
        // The balance after the deposit, not the amount added: a read of the balances that answered after the
        // credit (the Cashier reads them again after a demo claim) already holds it.
        event.type === 'server.deposit'
          ? withBalance(context.wallets, event.currency, (b) => (typeof event.balance === 'number' ? event.balance : add(b, event.amount)))
          : context.wallets,
    }),
    applyBalance: assign({
      wallets: ({ context, event }) =>
        event.type === 'game.balanceUpdated' ? withBalance(context.wallets, event.currency, () => event.balance) : context.wallets,
    }),
    applyAdjustment: assign({
      wallets: ({ context, event }) =>
        event.type === 'game.balanceAdjusted' ? withBalance(context.wallets, event.currency, (b) => add(b, event.delta)) : context.wallets,
    }),
    /** The bets feed files high rollers by dollar value, so it hears every fresh set of rates. */
    shareRates: sendTo(
      ({ system }) => system.get(SYSTEM_IDS.betsFeed),
      (_, params: { rates: Record<string, number> }) => ({ type: 'wallet.ratesChanged' as const, rates: params.rates }),
    ),
    /** Tells the app that the selected wallet may look different now; it passes the news to the screens on show. */
    announceUpdate: sendParent({ type: 'wallet.updated' }),
    /** Storage effects (key selectedCurrency, docs/product.md §9; the display preferences), provided by src/app. */
    persistCurrency: effectAction<{ symbol: string }>('persistCurrency'),
    persistDisplayFiat: effectAction<{ on: boolean }>('persistDisplayFiat'),
    persistHideZero: effectAction<{ on: boolean }>('persistHideZero'),
  },
  guards: {
    isKnownCurrency: ({ context, event }) =>
      event.type === 'user.selectCurrency' && context.wallets.some((w) => w.currencySymbol === event.symbol),
    startsInFiat: ({ context }) => context.start.displayFiat,
    startsHidingZero: ({ context }) => context.start.hideZero,
  },
}).createMachine({
  id: 'wallet',
  context: ({ input }) => {
    const wallets = defaultWallets();
    return {
      wallets,
      rates: {},
      // A remembered currency may be one only the server knows (ACC): keep it until the wallets load.
      selected: input.storedCurrency || DEFAULT_CURRENCY,
      start: { displayFiat: input.displayFiat ?? false, hideZero: input.hideZero ?? false },
    };
  },
  type: 'parallel',
  on: {
    'user.selectCurrency': {
      guard: 'isKnownCurrency',
      actions: [
        { type: 'selectCurrency', params: ({ event }) => ({ symbol: event.symbol }) },
        { type: 'persistCurrency', params: ({ event }) => ({ symbol: event.symbol }) },
        'announceUpdate',
      ],
    },
  },
  states: {
    balances: {
      initial: 'visitor',
      states: {
        visitor: {
          description: 'Nobody is signed in: the default wallets at zero, BTC selected unless a stored choice says otherwise.',
          on: { 'auth.loggedIn': 'signedIn' },
        },
        signedIn: {
          initial: 'loading',
          on: {
            'auth.loggedOut': {
              target: 'visitor',
              actions: ['resetToDefaults', { type: 'persistCurrency', params: { symbol: DEFAULT_CURRENCY } }, 'announceUpdate'],
            },
            'auth.loggedIn': '.loading',
            'cashier.fundsMoved': '.loading',
            'server.deposit': { actions: ['applyDeposit', 'announceUpdate'] },
            'game.balanceUpdated': { actions: ['applyBalance', 'announceUpdate'] },
            'game.balanceAdjusted': { actions: ['applyAdjustment', 'announceUpdate'] },
            'game.switchCurrency': {
              actions: [
                { type: 'selectCurrency', params: ({ event }) => ({ symbol: event.currency }) },
                { type: 'persistCurrency', params: ({ event }) => ({ symbol: event.currency }) },
                'announceUpdate',
              ],
            },
          },
          states: {
            loading: {
              description: "The player's wallets are being fetched; a failure is ignored and the list stays as it was.",
              tags: ['loadingWallets'],
              invoke: {
                id: 'loadWallets',
                src: 'loadWallets',
                onDone: { target: 'ready', actions: [{ type: 'storeWallets', params: ({ event }) => ({ wallets: event.output }) }, 'announceUpdate'] },
                onError: 'ready',
              },
            },
            ready: {
              description: "The player's balances are shown and follow deposits and settled bets.",
            },
          },
        },
      },
    },
    rates: {
      initial: 'loading',
      states: {
        loading: {
          description: 'Exchange rates in dollars are being fetched (for everyone: the bets table shows fiat too).',
          invoke: {
            id: 'loadRates',
            src: 'loadRates',
            onDone: {
              target: 'current',
              actions: [
                { type: 'storeRates', params: ({ event }) => ({ rates: event.output }) },
                { type: 'shareRates', params: ({ context }) => ({ rates: context.rates }) },
                'announceUpdate',
              ],
            },
            onError: 'stale',
          },
        },
        current: {
          description: 'Rates are fresh; they are fetched again after a minute.',
          after: { ratesRefresh: 'loading' },
        },
        stale: {
          description: 'The last fetch failed (ignored, docs/product.md §8); the last known rates stay in use until the next try.',
          after: { ratesRefresh: 'loading' },
        },
      },
    },
    display: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Restores the remembered Display FIAT choice.',
          always: [{ guard: 'startsInFiat', target: 'fiat' }, { target: 'crypto' }],
        },
        crypto: {
          description: 'Amounts are shown in the currency itself, 8 decimals floored.',
          on: {
            'user.toggleFiatDisplay': { target: 'fiat', actions: [{ type: 'persistDisplayFiat', params: { on: true } }, 'announceUpdate'] },
          },
        },
        fiat: {
          description: 'Amounts are shown in dollars by exchange rate, 2 decimals with thousands separators.',
          tags: ['fiat'],
          on: {
            'user.toggleFiatDisplay': { target: 'crypto', actions: [{ type: 'persistDisplayFiat', params: { on: false } }, 'announceUpdate'] },
          },
        },
      },
    },
    zeroBalances: {
      initial: 'choosing',
      states: {
        choosing: {
          description: 'Restores the remembered Hide 0 balances choice.',
          always: [{ guard: 'startsHidingZero', target: 'hidden' }, { target: 'shown' }],
        },
        shown: {
          description: 'Every wallet is listed, empty ones included.',
          on: { 'user.toggleHideZero': { target: 'hidden', actions: { type: 'persistHideZero', params: { on: true } } } },
        },
        hidden: {
          description: 'Wallets with a zero balance are left out of the list (the selected one always stays).',
          tags: ['hideZero'],
          on: { 'user.toggleHideZero': { target: 'shown', actions: { type: 'persistHideZero', params: { on: false } } } },
        },
      },
    },
  },
});
