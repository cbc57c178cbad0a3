import type { SnapshotFrom } from 'xstate';
import { decimalToUnits, parseAmount, unitsToNumber } from '../../src/core/money';
import type { TokenActionMachine } from './machine';

type Snapshot = SnapshotFrom<TokenActionMachine>;

export const selectAmount = (s: Snapshot): string => s.context.amount;
export const selectMessage = (s: Snapshot): string | null => s.context.message;
export const selectSubmitting = (s: Snapshot): boolean => s.hasTag('busy');
export const selectSucceeded = (s: Snapshot): boolean => s.matches('succeeded');
export const selectResult = (s: Snapshot): Record<string, unknown> | null => s.context.result;

/** Unlock preview: the fee burned (amount × fee, floored to the base unit, as the server does) and what arrives. */
export function unlockPreview(amount: string, fee: number): { fee: number; received: number } | null {
  const parsed = parseAmount(amount);
  if (!parsed.ok || parsed.units <= 0n) return null;
  const feeUnits = (parsed.units * decimalToUnits(fee)) / 100_000_000n;
  return { fee: unitsToNumber(feeUnits), received: unitsToNumber(parsed.units - feeUnits) };
}
