import { cryptoToFiat, formatCrypto, formatFiat } from '../core/money';

/** How the wallet shows an amount: 8 decimals floored, or dollars when Display FIAT is on and a rate is known. */
export function formatAmount(amount: number, currency: string, fiatRate: number | undefined): string {
  if (fiatRate !== undefined) return formatFiat(cryptoToFiat(amount, fiatRate));
  return formatCrypto(amount);
}

export function amountWithUnit(amount: number, currency: string, fiatRate: number | undefined): string {
  return fiatRate !== undefined ? formatAmount(amount, currency, fiatRate) : `${formatCrypto(amount)} ${currency}`;
}
