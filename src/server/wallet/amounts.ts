import { DECIMALS, MAX_AMOUNT_UNITS, decimalToUnits, unitsToDecimalString } from '../../core/money';
import { badRequest } from '../errors';

/** JSON schema of a wire amount: a number, or a decimal string; the handler checks the rest. */
export const amountSchema = { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 40 }] } as const;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * A wire amount (coins, JSON number or plain decimal string) -> base units, exactly, or a 400 that
 * says what is wrong: not a number, not above zero, more than 8 decimals, beyond the safe range.
 */
export function parseWireAmount(value: unknown, field = 'amount'): bigint {
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('-') && PLAIN_DECIMAL.test(text.slice(1))) throw badRequest(`${field} must be greater than 0`);
    if (!PLAIN_DECIMAL.test(text)) throw badRequest(`${field} must be a number, like 0.0015`);
    return checkUnits(field, text);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badRequest(`${field} must be a number, like 0.0015`);
  if (value <= 0) throw badRequest(`${field} must be greater than 0`);
  return checkUnits(field, value);
}

function checkUnits(field: string, value: number | string): bigint {
  let units: bigint;
  try {
    units = decimalToUnits(value);
  } catch {
    throw badRequest(`${field} can have at most ${DECIMALS} decimals`);
  }
  if (units <= 0n) throw badRequest(`${field} must be greater than 0`);
  if (units > MAX_AMOUNT_UNITS) throw badRequest(`${field} must be at most ${unitsToDecimalString(MAX_AMOUNT_UNITS)}`);
  return units;
}
