import { BET_MESSAGES } from '../../core/bets/validation';
import { AppError } from '../errors';
import { parseAmountField } from '../wallet/amounts';

/**
 * A refused bet answers with the spec's message in `error` too (SPEC §8: the dice screen shows the
 * response's error field), and in `message` like every other error.
 */
export const refuseBet = (message: string, status = 400) => new AppError(status, message, message);

/**
 * The wire betAmount in base units, by the one amount grammar (src/core/money.ts parseWireAmount).
 * SPEC §5 order: an amount at most 0 is 'Bet must be greater than 0', before any format problem.
 */
export function wagerOf(value: unknown, refuse: (message: string) => Error = refuseBet): bigint {
  return parseAmountField(value, 'betAmount', { notPositive: () => refuse(BET_MESSAGES.notPositive) });
}
