import type { Reply } from '../../core/contracts/common';
import type { getExchangeRates } from '../../core/contracts/payments';
import type * as Wallet from '../../core/contracts/wallet';
import type { ApiClient } from './client';

/** The wallet and cashier calls, typed by their contracts (src/core/contracts/wallet.ts, payments.ts). */
export function walletCalls(api: ApiClient) {
  return {
    wallets: () => api.get<Reply<typeof Wallet.getWallets>>('/wallet/get-wallets'),
    rates: () => api.get<Reply<typeof getExchangeRates>>('/payments/get-exchange-rates', { authorize: false }),
    // Signed in, the answer also holds the player's demo claim waits.
    cashierInfo: () => api.get<Reply<typeof Wallet.getCashierInfo>>('/wallet/get-cashier-info'),
    depositAddress: (currency: string) =>
      api.get<Reply<typeof Wallet.getDepositAddress>>('/wallet/get-deposit-address', { query: { currency } }),
    claimDemoFunds: (currency: string) => api.post<Reply<typeof Wallet.claimDemoFunds>>('/wallet/claim-demo-funds', { currency }),
    withdraw: (body: { currency: string; address: string; amount: string }) =>
      api.post<Reply<typeof Wallet.withdraw>>('/wallet/withdraw', body),
    withdrawals: () => api.get<Reply<typeof Wallet.getWithdrawals>>('/wallet/get-withdrawals'),
    cancelWithdrawal: (id: number) => api.post<Reply<typeof Wallet.cancelWithdrawal>>('/wallet/cancel-withdrawal', { id }),
  };
}
