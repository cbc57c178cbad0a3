import { BIGINT, forUpdate } from '../db/sql';
import type { Sql } from '../db/sql';
import { externalAccount, houseAccount, InsufficientFundsError, transfer } from '../ledger/ledger';
import type { AccountRef, TransferInput, TransferResult } from '../ledger/ledger';

/**
 * Pays a win from the house. The limits and the reserves of open games (bets/exposure.ts) keep the
 * house able to pay every win; should it still fall short (money taken out of the house behind the
 * API's back, or games opened before the reserves existed), the difference is booked as owed by the
 * operator (`house_shortfall`, external → house) and the player is paid in full. Refusing instead
 * would answer an error only when the outcome is a win, and roll back a move whose result the player
 * would then know and could replay.
 */
export async function payFromHouse(sql: Sql, input: { to: AccountRef; currency: string; amount: bigint; ref: string }): Promise<TransferResult> {
  const house = houseAccount(input.currency);
  const payout: TransferInput = { from: house, to: input.to, amount: input.amount, kind: 'payout', ref: input.ref };
  // The house almost always holds the win: try the conditional debit first instead of reading the
  // balance before every payout. A refused debit writes nothing, so the retry starts clean.
  try {
    return await transfer(sql, payout);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError) || error.account.holder !== house.holder) throw error;
  }
  // The rare path: lock the house row (PostgreSQL) so that no concurrent bet takes from it between
  // the read of its balance and the payout, which then cannot be refused.
  const row = await sql.get<{ balance: bigint }>(
    'SELECT balance FROM ledger_accounts WHERE holder = ? AND currency = ?' + forUpdate(sql),
    [house.holder, house.currency],
    BIGINT,
  );
  const shortfall = input.amount - (row?.balance ?? 0n);
  if (shortfall > 0n) {
    await transfer(sql, { from: externalAccount(input.currency), to: house, amount: shortfall, kind: 'house_shortfall', ref: input.ref });
  }
  return transfer(sql, payout);
}

/**
 * A round settled within its request: the stake moves player → house and the payout, if any, house →
 * player, under one ref. Answers the player's balance after, from the transfers themselves (no
 * read-back).
 */
export async function stakeAndPay(sql: Sql, round: { player: AccountRef; currency: string; wager: bigint; payout: bigint; ref: string }): Promise<bigint> {
  const { player, currency, ref } = round;
  const balance = (await transfer(sql, { from: player, to: houseAccount(currency), amount: round.wager, kind: 'bet', ref })).fromBalance;
  return round.payout > 0n ? (await payFromHouse(sql, { to: player, currency, amount: round.payout, ref })).toBalance : balance;
}
