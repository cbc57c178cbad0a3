import { fromPromise } from 'xstate';
import { walletMachine } from '../../../machines/wallet/machine';
import { walletCalls } from '../api/wallet';
import type { ApiClient } from '../api/client';
import type { createPreferenceStore } from '../adapters/storage';

/**
 * The wallet's machine with the browser's effects provided. A chunk of its own: the app actor's
 * `loadWallet` (src/app/actors/appLogic.ts) loads it once the first page has painted, and the app actor
 * starts it under its systemId (docs/performance.md).
 */
export function provideWallet(deps: { api: ApiClient; preferences: ReturnType<typeof createPreferenceStore> }) {
  const { preferences } = deps;
  const wallet = walletCalls(deps.api);
  return walletMachine.provide({
    actors: {
      loadWallets: fromPromise(() => wallet.wallets()),
      loadRates: fromPromise(() => wallet.rates()),
    },
    actions: {
      persistCurrency: (_, params) => preferences.storeCurrency(params.symbol),
      persistDisplayFiat: (_, params) => preferences.storeDisplayFiat(params.on),
      persistHideZero: (_, params) => preferences.storeHideZero(params.on),
    },
  });
}
