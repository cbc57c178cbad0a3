import { DECIMALS, MAX_AMOUNT_UNITS, WIRE_AMOUNT_MAX_LENGTH, parseWireAmount as readWireAmount, unitsToDecimalString } from '../../core/money';
import type { WireAmountProblem } from '../../core/money';
import { badRequest } from '../errors';

/**
 * JSON schema of a wire amount: a number or a string. The length and grammar are checked by the
 * parser below, which answers with a message a person can act on (an `anyOf` schema error cannot).
 */
export const amountSchema = { anyOf: [{ type: 'number' }, { type: 'string' }] } as const;

export const amountMessages = {
  format: (field: string) =>
    `${field} must be a number written as plain digits with at most one point, like 0.0015 (no sign, exponent or spaces; at most ${WIRE_AMOUNT_MAX_LENGTH} characters)`,
  notPositive: (field: string) => `${field} must be greater than 0`,
  negative: (field: string) => `${field} cannot be negative`,
  tooManyDecimals: (field: string) => `${field} can have at most ${DECIMALS} decimals`,
  tooLarge: (field: string) => `${field} must be at most ${unitsToDecimalString(MAX_AMOUNT_UNITS)}`,
} as const;

export interface AmountFieldOptions {
  /** Zero is a valid value (a baccarat area nobody bet on); a negative one is then "cannot be negative". */
  allowZero?: boolean;
  /** The error for an amount at most 0; bets use docs/product.md's 'Bet must be greater than 0'. */
  notPositive?: () => Error;
}

/**
 * Every amount a request carries (bets, withdrawals, staking, liquidity) goes through here: the
 * strict grammar of src/core/money.ts parseWireAmount, then a 400 that says what is wrong.
 */
export function parseAmountField(value: unknown, field = 'amount', options: AmountFieldOptions = {}): bigint {
  const read = readWireAmount(value, { allowZero: options.allowZero ?? false });
  if (read.ok) return read.units;
  throw amountError(read.problem, field, options);
}

function amountError(problem: WireAmountProblem, field: string, options: AmountFieldOptions): Error {
  if (problem === 'notPositive' || (problem === 'negative' && !options.allowZero)) {
    return options.notPositive ? options.notPositive() : badRequest(amountMessages.notPositive(field));
  }
  return badRequest(amountMessages[problem](field));
}
