import type { CashierInfo, DemoClaim, Withdrawal } from '../../../machines/cashier/machine';
import type { ExchangeRate, Wallet } from '../../../machines/wallet/machine';
import type { ApiClient } from './client';

/** The wallet and cashier calls (SPEC §7, issue 4), typed. */
export function walletCalls(api: ApiClient) {
  return {
    wallets: () => api.get<Wallet[]>('/wallet/get-wallets'),
    rates: () => api.get<ExchangeRate[]>('/payments/get-exchange-rates', { authorize: false }),
    // Signed in, the answer also holds the player's demo claim waits.
    cashierInfo: () => api.get<CashierInfo & { demoClaimUsd: number }>('/wallet/get-cashier-info'),
    depositAddress: (currency: string) =>
      api.get<{ currency: string; address: string }>('/wallet/get-deposit-address', { query: { currency } }),
    claimDemoFunds: (currency: string) => api.post<DemoClaim>('/wallet/claim-demo-funds', { currency }),
    withdraw: (body: { currency: string; address: string; amount: string }) =>
      api.post<{ withdrawal: Withdrawal; balance: number }>('/wallet/withdraw', body),
    withdrawals: () => api.get<Withdrawal[]>('/wallet/get-withdrawals'),
    cancelWithdrawal: (id: number) => api.post<{ withdrawal: Withdrawal; balance: number }>('/wallet/cancel-withdrawal', { id }),
  };
}
