import { fromPromise } from 'xstate';
import { cashierMachine } from '../../../machines/cashier/machine';
import type { CashierFailure, CashierInfo } from '../../../machines/cashier/machine';
import { ApiError } from '../api/client';
import { walletCalls } from '../api/wallet';
import type { ScreenRuntime } from './screenRuntime';

/** A refused call as the cashier shows it: the server's words, and when to come back after a 429. */
const cashierFailure = (error: unknown, nowMs: number): CashierFailure => ({
  message: error instanceof ApiError && error.status ? error.message : 'The casino could not be reached. Please try again.',
  retryAt: error instanceof ApiError && error.retryAfter ? new Date(nowMs + error.retryAfter * 1000).toISOString() : null,
  retryAfter: error instanceof ApiError && error.status === 429 && error.retryAfter ? error.retryAfter : null,
});

/** The Cashier modal's machine with its effects: the wallet calls and the clipboard. */
export function provideCashier({ api, now }: ScreenRuntime) {
  const wallet = walletCalls(api);
  return cashierMachine.provide({
    actors: {
      loadAddress: fromPromise(async ({ input }) => (await wallet.depositAddress(input.currency)).address),
      loadDemoMode: fromPromise<CashierInfo, void>(() => wallet.cashierInfo()),
      claimDemoFunds: fromPromise(async ({ input }) => {
        try {
          return await wallet.claimDemoFunds(input.currency);
        } catch (error) {
          throw cashierFailure(error, now());
        }
      }),
      withdraw: fromPromise(async ({ input }) => {
        try {
          return (await wallet.withdraw(input)).withdrawal;
        } catch (error) {
          throw cashierFailure(error, now());
        }
      }),
      loadWithdrawals: fromPromise(() => wallet.withdrawals()),
      cancelWithdrawal: fromPromise(async ({ input }) => {
        await wallet.cancelWithdrawal(input.id);
      }),
    },
    actions: {
      copyText: (_, params) => void navigator.clipboard?.writeText(params.text).catch(() => undefined),
    },
  });
}
