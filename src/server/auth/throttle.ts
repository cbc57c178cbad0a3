import { isIP } from 'node:net';
import type { Database } from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Five failures are allowed in the window; the sixth attempt is refused until the oldest one ages out. */
export const MAX_FAILURES = 5;

/**
 * The address a failed attempt or a rate limit is counted against: Fastify's `request.ip`, which is
 * the socket peer unless TRUST_PROXY names the proxies whose X-Forwarded-For entries are believed
 * (then the right-most entry that no trusted proxy wrote). See docs/security.md.
 */
export function clientAddress(request: FastifyRequest): string {
  return normalise(request.ip || request.raw.socket.remoteAddress || 'unknown');
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address.toLowerCase();
}

export const accountKey = (userId: number) => `user:${userId}`;
export const addressKey = (address: string) => `ip:${address}`;

/**
 * Failed attempts are rows, so a restart does not forget them. Refuses with 429 and Retry-After
 * (seconds until enough failures have aged out) when any of the keys has reached the limit.
 */
export function assertNotThrottled(db: Database, keys: string[]): void {
  const refusal = throttleRefusal(db, keys);
  if (refusal) throw refusal;
}

/** The 429 that assertNotThrottled would throw, or null while every key is under the limit. */
export function throttleRefusal(db: Database, keys: string[]): AppError | null {
  const now = Date.now();
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  let retryAt = 0;
  for (const key of keys) {
    const times = (
      db.prepare('SELECT failed_at FROM login_failures WHERE throttle_key = ? AND failed_at > ? ORDER BY failed_at').all(key, since) as Array<{
        failed_at: string;
      }>
    ).map((row) => Date.parse(row.failed_at));
    if (times.length < MAX_FAILURES) continue;
    // Below the limit again once all but MAX_FAILURES - 1 of them are older than the window.
    const freeing = times[times.length - MAX_FAILURES] ?? now;
    retryAt = Math.max(retryAt, freeing + FAILURE_WINDOW_MS);
  }
  if (retryAt === 0) return null;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  return new AppError(429, 'too_many_attempts', `Too many failed attempts. Please try again in ${describeWait(seconds)}.`, {
    'retry-after': String(seconds),
  });
}

export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function recordFailure(db: Database, keys: string[]): void {
  const now = Date.now();
  const at = new Date(now).toISOString();
  db.transaction(() => {
    const insert = db.prepare('INSERT INTO login_failures (throttle_key, failed_at) VALUES (?, ?)');
    for (const key of keys) insert.run(key, at);
    db.prepare('DELETE FROM login_failures WHERE failed_at <= ?').run(new Date(now - FAILURE_WINDOW_MS).toISOString());
  })();
}

/** A successful sign-in clears the account's count (never the address's: one good account must not unlock guessing at others). */
export function clearFailures(db: Database, key: string): void {
  db.prepare('DELETE FROM login_failures WHERE throttle_key = ?').run(key);
}
