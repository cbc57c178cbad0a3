import { stateIn } from 'xstate';
import type { EventObject } from 'xstate';
import { assignFor } from './assign';
import { isBettableCurrency } from '../../src/core/bets/validation';
import type { BetLimits } from '../../src/core/bets/validation';
import type { GameWallet } from './events';

/**
 * The `limits` region every game screen has, written once: the selected currency's bet limits
 * (docs/product.md §5), fetched again for a new currency and never asked for ACC (check 2). A game declares
 * the names the region uses in its own `setup` by spreading `limitsGuards` and `limitsActions`, and
 * provides the `loadLimits` actor (GET /casino/get-limits).
 */

export interface LimitsRequest {
  game: string;
  currency: string;
}

export interface WalletContext {
  wallet: GameWallet;
  limits: BetLimits | null;
}

type WalletChanged = { event: { wallet: GameWallet } };
const walletOf = ({ event }: WalletChanged) => ({ wallet: event.wallet });
const storeWallet = { type: 'storeWallet', params: walletOf } as const;

export const limitsGuards = {
  currencyNotBettable: ({ context }: { context: WalletContext }) => !isBettableCurrency(context.wallet.currency),
  isNewCurrency: ({ context }: { context: WalletContext }, params: { wallet: GameWallet }) => params.wallet.currency !== context.wallet.currency,
  isNewUnbettableCurrency: ({ context }: { context: WalletContext }, params: { wallet: GameWallet }) =>
    params.wallet.currency !== context.wallet.currency && !isBettableCurrency(params.wallet.currency),
  limitsKnown: stateIn({ limits: 'known' }),
};

export function limitsActions<TContext extends WalletContext, TEvent extends EventObject>() {
  const assign = assignFor<TContext, TEvent>();
  // The kit only writes `wallet` and `limits`, which every game context has.
  const part = (value: Partial<WalletContext>) => value as Partial<TContext>;
  return {
    storeWallet: assign((_, params: { wallet: GameWallet }) => part({ wallet: params.wallet })),
    forgetLimits: assign(() => part({ limits: null })),
    storeLimits: assign((_, params: { limits: BetLimits }) => part({ limits: params.limits })),
  };
}

interface LimitsRegionOptions<TGame extends string, TExtra extends string, TRetryGuard extends string> {
  game: TGame;
  /** What is being fetched, and what knowing it allows (each game words its own). */
  loading: string;
  known: string;
  /** Actions besides forgetting the limits when the currency changes (baccarat takes its chips off). */
  onNewCurrency?: readonly TExtra[];
  /** Actions besides storing the wallet when only the balance or display changed. */
  onSameCurrency?: readonly TExtra[];
  /** Pressing Bet asks for the limits again, unless this guard (a round on the table) says no. */
  retryGuard?: TRetryGuard;
}

export function limitsRegion<TGame extends string, TExtra extends string = never, TRetryGuard extends string = never>(
  options: LimitsRegionOptions<TGame, TExtra, TRetryGuard>,
) {
  const newCurrency = ['forgetLimits' as const, ...(options.onNewCurrency ?? []), storeWallet];
  const toNotBettable = {
    guard: { type: 'isNewUnbettableCurrency' as const, params: walletOf },
    target: 'notBettable' as const,
    actions: newCurrency,
  };
  // Re-entered, so a second new currency while loading cancels the first request.
  const toLoading = { guard: { type: 'isNewCurrency' as const, params: walletOf }, target: 'loading' as const, reenter: true, actions: newCurrency };
  const onCurrency = { 'wallet.changed': [toNotBettable, toLoading] };
  return {
    initial: 'choosing' as const,
    // Same currency: a new balance or display; the states below handle a new currency.
    on: { 'wallet.changed': { actions: [storeWallet, ...(options.onSameCurrency ?? [])] } },
    states: {
      choosing: {
        description: 'ACC has no limits to fetch; any other currency starts by fetching them.',
        always: [{ guard: 'currencyNotBettable' as const, target: 'notBettable' as const }, { target: 'loading' as const }],
      },
      loading: {
        description: options.loading,
        on: onCurrency,
        invoke: {
          id: 'loadLimits' as const,
          src: 'loadLimits' as const,
          input: ({ context }: { context: WalletContext }): LimitsRequest => ({ game: options.game, currency: context.wallet.currency }),
          onDone: { target: 'known' as const, actions: { type: 'storeLimits' as const, params: ({ event }: { event: { output: BetLimits } }) => ({ limits: event.output }) } },
          onError: 'unavailable' as const,
        },
      },
      known: { description: options.known, tags: ['limitsKnown'], on: onCurrency },
      notBettable: {
        description:
          "The selected currency cannot be bet (ACC): its limits are not asked for, the max payout shows a dash and Bet shows 'ACC betting not available at this time' (docs/product.md §5 check 2).",
        tags: ['notBettable'],
        on: { 'wallet.changed': toLoading },
      },
      unavailable: {
        description: 'The limits could not be fetched; bets wait for them and pressing Bet asks again.',
        on: { ...onCurrency, 'user.bet': options.retryGuard ? { guard: options.retryGuard, target: 'loading' as const } : 'loading' as const },
      },
    },
  };
}
