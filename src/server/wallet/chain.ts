/**
 * Where a real blockchain integration plugs in. Chain integration is out of scope for now; these
 * interfaces are what it implements, and the demo mode and the tests drive the same paths.
 *
 * Deposits: a ChainWatcher follows a chain, and for each confirmed payment to an address the cashier
 * issued (`ownerOfAddress`) awaits `creditDeposit` with the amount in base units and the transaction
 * id. Crediting is idempotent per (currency, txRef), so reporting a transaction twice is harmless,
 * and it tells the player's open clients with the hub's `deposit` event.
 *
 * Withdrawals: a sender reads `await pendingWithdrawals(db)`, broadcasts each, then awaits
 * `markWithdrawalSent(db, id, txRef)`, which moves the money from the pending-withdrawals account to
 * the external account. A player can cancel only while the withdrawal is still pending.
 */
import type { DepositResult } from './cashier';

export interface DepositSink {
  creditDeposit: (userId: number, currency: string, amount: bigint, txRef: string) => Promise<DepositResult>;
  ownerOfAddress: (currency: string, address: string) => Promise<number | null>;
}

export interface ChainWatcher {
  start: (sink: DepositSink) => void | Promise<void>;
  stop: () => void | Promise<void>;
}
