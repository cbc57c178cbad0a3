import { BET_MESSAGES, checkBetUnits, checkMaxWinUnits } from '../../core/bets/validation';
import type { BetLimitsUnits } from '../../core/bets/validation';
import type { Sql } from '../db/sql';
import { BetRefusal } from '../errors';
import { balanceOf } from '../ledger/ledger';
import type { AccountRef } from '../ledger/ledger';

export interface WagerToCheck {
  player: AccountRef;
  currency: string;
  wager: bigint;
  limits: BetLimitsUnits;
  /** The largest profit the bet could win, which the house must be able to pay. */
  maxProfitUnits: bigint;
}

/**
 * The single-stake games' checks inside the bet's transaction, in docs/product.md's order (src/core/bets/
 * validation.ts): the stake against the balance and the limits, then the largest win against what the
 * house may pay. `refuse` turns a message into the game's refusal.
 *
 * The balance read here only chooses the refusal's message: the stake's debit that follows is
 * conditional (ledger.ts), so a balance a concurrent bet took in between (PostgreSQL) still cannot go
 * below zero; it throws InsufficientFundsError, which `app.bets.commit` answers as the race refusal.
 */
export async function checkWager(
  sql: Sql,
  bet: WagerToCheck & ({ game: 'dice'; chance: number } | { game: 'mines' | 'blackjack' }),
  refuse: (message: string) => Error = (message) => new BetRefusal(message),
): Promise<void> {
  const common = { loggedIn: true, currency: bet.currency, amountUnits: bet.wager, balanceUnits: await balanceOf(sql, bet.player), limits: bet.limits };
  const check = bet.game === 'dice' ? checkBetUnits({ ...common, game: 'dice', chance: bet.chance }) : checkBetUnits({ ...common, game: bet.game });
  if (check.kind !== 'ok') throw refuse(check.kind === 'invalid' ? check.message : BET_MESSAGES.notPositive);
  const payable = checkMaxWinUnits({ game: bet.game, currency: bet.currency, amountUnits: bet.wager, maxProfitUnits: bet.maxProfitUnits, limits: bet.limits });
  if (payable.kind === 'invalid') throw refuse(payable.message);
}
