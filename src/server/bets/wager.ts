import { BET_MESSAGES } from '../../core/bets/validation';
import { decimalToUnits } from '../../core/money';
import { AppError, badRequest } from '../errors';

/**
 * A refused bet answers with the spec's message in `error` too (SPEC §8: the dice screen shows the
 * response's error field), and in `message` like every other error.
 */
export const refuseBet = (message: string, status = 400) => new AppError(status, message, message);

/** The wire betAmount in base units; SPEC §5 order: a zero or negative amount is its own message, before any format problem. */
export function wagerOf(value: number | string): bigint {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (/^-?\d+(\.\d+)?$/.test(text) && Number(text) <= 0) throw refuseBet(BET_MESSAGES.notPositive);
  if (typeof value === 'number' && !Number.isFinite(value)) throw badRequest('betAmount must be a number, like 0.0015');
  try {
    return decimalToUnits(value);
  } catch {
    throw badRequest('betAmount must be a number with at most 8 decimals, like 0.0015');
  }
}
