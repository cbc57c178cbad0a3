import type { SnapshotFrom } from 'xstate';
import type { Wallet, walletMachine } from './machine';

type Snapshot = SnapshotFrom<typeof walletMachine>;

export const selectSelectedCurrency = (s: Snapshot): string => s.context.selected;
export const selectDisplayFiat = (s: Snapshot): boolean => s.hasTag('fiat');
export const selectHideZero = (s: Snapshot): boolean => s.hasTag('hideZero');
export const selectRates = (s: Snapshot): Readonly<Record<string, number>> => s.context.rates;
export const selectRate = (symbol: string) => (s: Snapshot): number | undefined => s.context.rates[symbol];

export const selectSelectedWallet = (s: Snapshot): Wallet =>
  s.context.wallets.find((w) => w.currencySymbol === s.context.selected) ?? { currencySymbol: s.context.selected, balance: 0 };

/** The list of the balance dropdown: zero balances left out when asked, never the selected wallet. */
export const selectVisibleWallets = (s: Snapshot): Wallet[] =>
  s.hasTag('hideZero')
    ? s.context.wallets.filter((w) => w.balance > 0 || w.currencySymbol === s.context.selected)
    : s.context.wallets;

/** The rate to show an amount of `symbol` in dollars, or undefined when amounts show in crypto (or no rate is known). */
export const selectFiatRate = (symbol: string) => (s: Snapshot): number | undefined =>
  s.hasTag('fiat') ? s.context.rates[symbol] : undefined;
