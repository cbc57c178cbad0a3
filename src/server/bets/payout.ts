import type { Database } from 'better-sqlite3';
import { balanceOf, externalAccount, houseAccount, InsufficientFundsError, transfer } from '../ledger/ledger';
import type { AccountRef, TransferInput, TransferResult } from '../ledger/ledger';

/**
 * Pays a win from the house. The limits and the reserves of open games (bets/exposure.ts) keep the
 * house able to pay every win; should it still fall short (money taken out of the house behind the
 * API's back, or games opened before the reserves existed), the difference is booked as owed by the
 * operator (`house_shortfall`, external → house) and the player is paid in full. Refusing instead
 * would answer an error only when the outcome is a win, and roll back a move whose result the player
 * would then know and could replay.
 */
export function payFromHouse(db: Database, input: { to: AccountRef; currency: string; amount: bigint; ref: string }): TransferResult {
  const house = houseAccount(input.currency);
  const payout: TransferInput = { from: house, to: input.to, amount: input.amount, kind: 'payout', ref: input.ref };
  // The house almost always holds the win: try the conditional debit first instead of reading the
  // balance before every payout. A refused debit writes nothing, so the retry starts clean.
  try {
    return transfer(db, payout);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError) || error.account.holder !== house.holder) throw error;
  }
  const shortfall = input.amount - balanceOf(db, house);
  if (shortfall > 0n) {
    transfer(db, { from: externalAccount(input.currency), to: house, amount: shortfall, kind: 'house_shortfall', ref: input.ref });
  }
  return transfer(db, payout);
}

/**
 * A round settled within its request: the stake moves player → house and the payout, if any, house →
 * player, under one ref. Answers the player's balance after, from the transfers themselves (no
 * read-back).
 */
export function stakeAndPay(db: Database, round: { player: AccountRef; currency: string; wager: bigint; payout: bigint; ref: string }): bigint {
  const { player, currency, ref } = round;
  const balance = transfer(db, { from: player, to: houseAccount(currency), amount: round.wager, kind: 'bet', ref }).fromBalance;
  return round.payout > 0n ? payFromHouse(db, { to: player, currency, amount: round.payout, ref }).toBalance : balance;
}
