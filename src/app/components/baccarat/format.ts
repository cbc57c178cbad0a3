import { cryptoToFiat, formatCrypto, formatFiat, unitsToNumber } from '../../../core/money';

/** An amount in the unit the screen shows: dollars in fiat display, else coins with 8 decimals. */
export function displayAmount(amount: number, fiat: boolean): string {
  return fiat ? formatFiat(amount) : formatCrypto(amount);
}

/** A chip's worth (base units) in the displayed unit, for its tooltip and the selected-chip line. */
export function chipWorth(units: number, currency: string, fiatRate: number | null): string {
  const coins = unitsToNumber(BigInt(units));
  return fiatRate === null ? `${formatCrypto(coins)} ${currency}` : formatFiat(cryptoToFiat(coins, fiatRate));
}
