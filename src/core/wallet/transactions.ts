/**
 * The player's transactions page and its CSV (issue 20): the ledger's own rows on the player's
 * accounts, other than bets (their stakes, payouts and the ACC they mined are in the bets tables).
 * Pure: the server writes the CSV with these words and the browser shows the same ones.
 */

/** Ledger kinds a bet books; the transactions page leaves them to the bets tables. */
export const BET_KINDS = ['bet', 'payout', 'mining'] as const;

/** Which of the player's accounts a row moved. */
export type LedgerAccountKind = 'wallet' | 'staking' | 'rewards';

const KIND_LABELS: Record<string, string> = {
  deposit: 'Deposit',
  withdrawal: 'Withdrawal',
  withdrawal_cancel: 'Withdrawal cancelled',
  withdrawal_refused: 'Withdrawal refused',
  demo_funds: 'Demo funds',
  stake: 'Locked ACC',
  unstake: 'Unlocked ACC',
  burn: 'Unlock fee',
  investment: 'Added liquidity',
  divestment: 'Removed liquidity',
  reward: 'Staking reward',
  reward_claim: 'Rewards claimed',
};

/** The words for a ledger kind; an unknown kind reads as itself, spaced. */
export function transactionLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind.replace(/_/g, ' ');
}

const ACCOUNT_LABELS: Record<LedgerAccountKind, string> = { wallet: 'Wallet', staking: 'Staked ACC', rewards: 'Unclaimed rewards' };

export function accountLabel(account: LedgerAccountKind): string {
  return ACCOUNT_LABELS[account];
}

/** The account kind of a player's ledger holder (`player:7`, `staking:7`, `staking_rewards:7`). */
export function accountKindOf(holder: string): LedgerAccountKind {
  if (holder.startsWith('staking_rewards:')) return 'rewards';
  if (holder.startsWith('staking:')) return 'staking';
  return 'wallet';
}

export interface TransactionCsvRow {
  transferId: number;
  createdAt: string;
  kind: string;
  account: LedgerAccountKind;
  currency: string;
  /** Signed, exact decimal coins: positive into the account. */
  amount: string;
  ref: string | null;
}

export const TRANSACTIONS_CSV_HEADER = 'date,type,kind,account,currency,amount,reference,transfer';

/** RFC 4180: a field with a comma, a quote or a line break is quoted, its quotes doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line (no line break) of a row, in TRANSACTIONS_CSV_HEADER's order. */
export function transactionCsvLine(row: TransactionCsvRow): string {
  return [row.createdAt, transactionLabel(row.kind), row.kind, accountLabel(row.account), row.currency, row.amount, row.ref ?? '', String(row.transferId)]
    .map(csvField)
    .join(',');
}
