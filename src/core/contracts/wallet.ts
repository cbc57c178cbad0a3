import { Type } from 'typebox';
import type { Static } from 'typebox';
import { PageQuery } from './casino';
import { refusals, routeGroup, WireAmount } from './common';

/** The player's balances and the Cashier: deposit address, demo funds, withdrawals. */

/** A currency symbol as the client sends it; the server says which ones it knows. */
export const CurrencySymbol = Type.String({ minLength: 1, maxLength: 16 });

export const Wallet = Type.Object({ currencySymbol: Type.String(), balance: Type.Number({ description: 'Coins.' }) });
export type Wallet = Static<typeof Wallet>;

export const CashierInfo = Type.Object({
  demoFunds: Type.Boolean({ description: 'Whether this casino hands out demo funds (false with real money).' }),
  demoClaimUsd: Type.Number(),
  demoCurrencies: Type.Array(Type.String(), { description: 'The currencies claim-demo-funds hands out: bettable, with a rate.' }),
  demoClaimIntervalSeconds: Type.Integer(),
  demoClaimWaits: Type.Optional(
    Type.Record(Type.String(), Type.Integer(), {
      description: "Signed in only: seconds until each of the player's claims is due again, listing only those not yet due.",
    }),
  ),
});
export type CashierInfo = Static<typeof CashierInfo>;

export const DepositAddress = Type.Object({ currency: Type.String(), address: Type.String() });
export type DepositAddress = Static<typeof DepositAddress>;

export const DemoClaim = Type.Object({
  currency: Type.String(),
  amount: Type.Number(),
  balance: Type.Number(),
  nextClaimAt: Type.String({ description: 'ISO 8601.' }),
});
export type DemoClaim = Static<typeof DemoClaim>;

export const Withdrawal = Type.Object({
  id: Type.Integer(),
  currency: Type.String(),
  address: Type.String(),
  amount: Type.Number(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('cancelled'), Type.Literal('sent'), Type.Literal('refused')]),
  txRef: Type.Union([Type.String(), Type.Null()], { description: 'The chain transaction of a sent withdrawal.' }),
  reason: Type.Union([Type.String(), Type.Null()], { description: "The operator's words on a refused withdrawal." }),
  createdAt: Type.String(),
});
export type Withdrawal = Static<typeof Withdrawal>;

export const WithdrawalWithBalance = Type.Object({ withdrawal: Withdrawal, balance: Type.Number() });
export type WithdrawalWithBalance = Static<typeof WithdrawalWithBalance>;

export const LedgerRow = Type.Object({
  id: Type.Integer({ description: 'The ledger row; pages go by it.' }),
  transferId: Type.Integer({ description: 'The transfer the row belongs to (its other side is another account).' }),
  kind: Type.String({ description: 'deposit, withdrawal, withdrawal_cancel, withdrawal_refused, demo_funds, stake, unstake, burn, investment, divestment, reward, reward_claim.' }),
  account: Type.Union([Type.Literal('wallet'), Type.Literal('staking'), Type.Literal('rewards')], {
    description: "Which of the player's accounts: the wallet, the locked ACC, or the staking rewards not claimed yet.",
  }),
  currency: Type.String(),
  amount: Type.String({ description: 'Signed coins as an exact decimal string: positive into the account, negative out of it.' }),
  ref: Type.Union([Type.String(), Type.Null()], { description: 'What the row is about, as the ledger names it (withdrawal:12, staking:3 ...).' }),
  createdAt: Type.String({ description: 'ISO 8601.' }),
});
export type LedgerRow = Static<typeof LedgerRow>;

export const TransactionsPage = Type.Object({
  rows: Type.Array(LedgerRow, { description: 'Newest first.' }),
  nextBefore: Type.Union([Type.Integer(), Type.Null()], { description: 'Pass as `before` for the next (older) page; null on the last.' }),
});
export type TransactionsPage = Static<typeof TransactionsPage>;

const wallet = routeGroup('wallet');

export const getWallets = wallet.get('get-wallets', "The player's balance in every currency the server knows, zeros included, in display order.", {
  auth: true,
  response: { 200: Type.Array(Wallet), ...refusals(401) },
});

export const getCashierInfo = wallet.get('get-cashier-info', 'What the Cashier offers; with a bearer token also when each of the player’s next claims opens.', {
  auth: false,
  response: { 200: CashierInfo },
});

export const getDepositAddress = wallet.get('get-deposit-address', "The player's deposit address for a currency: the same every time.", {
  auth: true,
  querystring: Type.Object({ currency: CurrencySymbol }, { additionalProperties: false }),
  response: { 200: DepositAddress, ...refusals(400, 401) },
});

export const claimDemoFunds = wallet.post('claim-demo-funds', 'Credits demo funds worth DEMO_CLAIM_USD, at most once an hour per player and currency.', {
  auth: true,
  body: Type.Object({ currency: CurrencySymbol }, { additionalProperties: false }),
  response: { 200: DemoClaim, ...refusals(400, 401, 404, 429, 503) },
});

export const withdraw = wallet.post('withdraw', 'Debits the balance into a pending withdrawal to an address of the currency’s chain.', {
  auth: true,
  body: Type.Object(
    { currency: CurrencySymbol, address: Type.String({ minLength: 1, maxLength: 128 }), amount: WireAmount },
    { additionalProperties: false },
  ),
  response: { 200: WithdrawalWithBalance, ...refusals(400, 401) },
});

export const getWithdrawals = wallet.get('get-withdrawals', "The player's withdrawals, newest first (up to 100).", {
  auth: true,
  response: { 200: Type.Array(Withdrawal), ...refusals(401) },
});

export const cancelWithdrawal = wallet.post('cancel-withdrawal', 'Returns the money of one of the player’s pending withdrawals.', {
  auth: true,
  body: Type.Object({ id: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }) }, { additionalProperties: false }),
  response: { 200: WithdrawalWithBalance, ...refusals(400, 401, 404, 409) },
});

export const getTransactions = wallet.get(
  'get-transactions',
  "The player's ledger rows other than bets (deposits, withdrawals, demo funds, staking, liquidity, rewards), newest first, a page at a time.",
  {
    auth: true,
    querystring: PageQuery,
    response: { 200: TransactionsPage, ...refusals(400, 401) },
  },
);

export const exportTransactions = wallet.get('export-transactions', 'Every row get-transactions lists, oldest first, as CSV with a header row (text/csv).', {
  auth: true,
  response: { 200: Type.String({ description: 'CSV: date,type,kind,account,currency,amount,reference,transfer.' }), ...refusals(401) },
});

export const walletRoutes = [getWallets, getCashierInfo, getDepositAddress, claimDemoFunds, withdraw, getWithdrawals, cancelWithdrawal, getTransactions, exportTransactions] as const;
