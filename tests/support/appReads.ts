import type { User } from '../../src/core/accounts/session';
import { ada, liveToken } from './authFixtures';
import { memoryStorage } from './fakeApi';

/**
 * What the component tests hand the rendered App before it asks anything of the test: a stored session,
 * and the reads every page makes in the background (fakeApi's `background`), so a test lists only the
 * routes it is about.
 */

/** The browser storage of `user` signed in with a live access token, as the App finds it after a sign-in. */
export const signedInStorage = (user: User = ada): Storage =>
  memoryStorage({ authToken: liveToken, refreshToken: 'refresh-1', sessionId: 'session-1', user: JSON.stringify(user) });

/** Every page's background reads: the BTC rate, one BTC wallet, an empty bets feed and a classic seed pair at nonce 0. */
export function pageReads(btcRate: number, btcBalance: number): Record<string, unknown> {
  return {
    '/payments/get-exchange-rates': [{ symbol: 'BTC', exchangeRate: btcRate }],
    '/wallet/get-wallets': [{ currencySymbol: 'BTC', balance: btcBalance }],
    '/casino/get-bets': { latestBets: [], myBets: [], highrollerBets: [] },
    '/casino/get-seed': { mode: 'classic', seedHash: 'a'.repeat(64), nextHash: 'b'.repeat(64), nonce: 0, clientSeed: 'c'.repeat(20) },
  };
}

/** The bet limits the game tests play within (get-limits). */
export const GAME_LIMITS = { data: { limit: { minBet: 0.00001, maxBet: 0.5, maxPayout: 0.002 } } };

/** The Cashier's offer with demo funds in BTC (get-cashier-info). */
export const DEMO_CASHIER_INFO = { demoFunds: true, demoClaimUsd: 100, demoCurrencies: ['BTC'], demoClaimIntervalSeconds: 3600 };
