/**
 * A wait the server asks for (429 with Retry-After, a demo claim not yet due) put in words, so a
 * throttled player reads how long to wait instead of a generic failure.
 */

/** "45 seconds", "5 minutes", "1 hour 5 minutes": rounded up, so waiting that long is always enough. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (s < 60) return plural(s, 'second');
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}

/** What a 429 says: the wait in words when the server told it, else a plain "wait a moment". */
export function tooManyAttemptsMessage(retryAfterSeconds?: number): string {
  return retryAfterSeconds === undefined || !Number.isFinite(retryAfterSeconds) || retryAfterSeconds <= 0
    ? 'Too many attempts. Please wait a moment and try again.'
    : `Too many attempts. Try again in ${waitInWords(retryAfterSeconds)}.`;
}
