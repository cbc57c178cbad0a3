/**
 * The time now as an ISO 8601 string (`2026-11-27T15:40:00.123Z`), the form every timestamp column of
 * the server holds: the same text as `new Date().toISOString()`, built once per millisecond. A bet
 * writes several rows stamped with it (each ledger transfer, the bet row), and a busy server's batches
 * run many bets within one millisecond. Fake timers (tests) move Date.now, and this with it.
 */
let lastMs = Number.NaN;
let lastIso = '';

export function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
}
