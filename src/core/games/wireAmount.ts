const UNITS_PER_COIN = 100_000_000n;

/**
 * The wire carries coin amounts as JSON numbers. Going through the exact decimal string means the
 * number is the double nearest to the true amount, which `Number(units) / 1e8` does not guarantee.
 * Local stand-in for the money module; the integrator dedupes.
 */
export function unitsToWireNumber(units: bigint): number {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / UNITS_PER_COIN;
  const fraction = (magnitude % UNITS_PER_COIN).toString().padStart(8, '0');
  return Number(`${negative ? '-' : ''}${whole}.${fraction}`);
}
