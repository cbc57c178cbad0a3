import { cryptoToFiat, formatCrypto, formatFiat } from '../core/money';

/** How the wallet shows an amount: 8 decimals floored, or dollars when Display FIAT is on and a rate is known. */
export function formatAmount(amount: number, currency: string, fiatRate: number | undefined): string {
  if (fiatRate !== undefined) return formatFiat(cryptoToFiat(amount, fiatRate));
  return formatCrypto(amount);
}

export function amountWithUnit(amount: number, currency: string, fiatRate: number | undefined): string {
  return fiatRate !== undefined ? formatAmount(amount, currency, fiatRate) : `${formatCrypto(amount)} ${currency}`;
}

/** Made on first use: building an Intl formatter loads its locale data, which a page's first paint does not need. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
const relativeFormat = once(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const calendarDate = once(() => new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', year: 'numeric' }));
const fullDate = once(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }));

/** A past moment as a person says it: "just now", "5 minutes ago", "3 hours ago", "yesterday", then the date. */
export function timeAgo(iso: string, nowMs: number): string {
  const seconds = Math.floor((nowMs - Date.parse(iso)) / 1000);
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return 'just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return relativeFormat().format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relativeFormat().format(-hours, 'hour');
  const days = Math.floor(hours / 24);
  if (days < 7) return relativeFormat().format(-days, 'day');
  return calendarDate().format(new Date(iso));
}

/** The moment in the reader's local time, for a tooltip next to `timeAgo`. */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : fullDate().format(date);
}
