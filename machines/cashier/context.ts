/** The cashier machine's types, context and pure helpers, beside its chart (machine.ts), which re-exports them. */
import { decimalToUnits, parseAmount } from '../../src/core/money';
import { waitInWords } from '../../src/core/wait';
import type { CashierInfo as WireCashierInfo, DemoClaim as WireDemoClaim, Withdrawal as WireWithdrawal } from '../../src/core/contracts/wallet';

export type Withdrawal = WireWithdrawal;

export type DemoClaim = WireDemoClaim;

/** A refused call: the server's human message, and for 429 when to come back. */
export interface CashierFailure {
  message: string;
  retryAt?: string | null;
  /** Seconds until the server accepts again (Retry-After of a 429). */
  retryAfter?: number | null;
}

/** What GET /wallet/get-cashier-info tells the Cashier before the player asks; without demoCurrencies every currency is offered. */
export type CashierInfo = Pick<WireCashierInfo, 'demoFunds'> &
  Partial<Pick<WireCashierInfo, 'demoCurrencies' | 'demoClaimWaits' | 'demoClaimIntervalSeconds'>>;

/** The Cashier's words for the demo funds (issue 14: one message, the wait in words). */
export const DEMO_MESSAGES = {
  claimed: (amount: string, currency: string) => `Added ${amount} ${currency} to your balance.`,
  nextIn: (seconds: number) => `You can claim again in ${waitInWords(seconds)}.`,
  notDemoCurrency: (currency: string) => `${currency} is earned by playing: it is not handed out as demo funds.`,
  failed: 'Demo funds could not be claimed. Please try again.',
} as const;

export interface CashierInput {
  currency: string;
}

export interface CashierContext {
  currency: string;
  address: string | null;
  /** The server's refusal of the deposit address (a break or self-exclusion says until when); null otherwise. */
  addressRefusal: string | null;
  /** Message of the last refused demo claim (e.g. claimed within the hour). */
  demoMessage: string | null;
  /** Seconds until the next demo claim opens; the button stays disabled that long. */
  demoWaitSeconds: number;
  demoInfo: CashierInfo | null;
  nextClaimAt: string | null;
  lastClaim: DemoClaim | null;
  withdrawAddress: string;
  withdrawAmount: string;
  withdrawMessage: string | null;
  withdrawals: Withdrawal[];
  cancellingId: number | null;
}

export type CashierEvent =
  | { type: 'user.selectTab'; tab: 'deposit' | 'withdraw' }
  | { type: 'user.selectCurrency'; currency: string }
  | { type: 'user.copyAddress' }
  | { type: 'user.claimDemoFunds' }
  | { type: 'user.editWithdrawAddress'; value: string }
  | { type: 'user.editWithdrawAmount'; value: string }
  | { type: 'user.useMax'; balance: number }
  | { type: 'user.submitWithdrawal'; balance: number }
  | { type: 'user.cancelWithdrawal'; id: number };

export const failureMessage = (error: unknown, fallback: string): string =>
  error && typeof error === 'object' && 'message' in error && typeof error.message === 'string' && error.message
    ? error.message
    : fallback;

export const WITHDRAW_MESSAGES = {
  noAddress: 'Enter the address to send to',
  aboveBalance: 'Amount is more than your balance',
  notPositive: 'Amount must be greater than 0',
  failed: 'The withdrawal could not be requested. Please try again.',
} as const;

export function checkWithdrawal(context: CashierContext, balance: number): string | null {
  if (!context.withdrawAddress.trim()) return WITHDRAW_MESSAGES.noAddress;
  const parsed = parseAmount(context.withdrawAmount);
  if (!parsed.ok) return parsed.error;
  if (parsed.units <= 0n) return WITHDRAW_MESSAGES.notPositive;
  if (parsed.units > decimalToUnits(balance)) return WITHDRAW_MESSAGES.aboveBalance;
  return null;
}

/** One claim per currency an hour, unless the cashier info says otherwise. */
export const DEFAULT_DEMO_CLAIM_INTERVAL_SECONDS = 3600;
