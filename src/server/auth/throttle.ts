import { isIP } from 'node:net';
import type { Database } from 'better-sqlite3';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** Five failures are allowed in the window; the sixth attempt is refused until the oldest one ages out. */
export const MAX_FAILURES = 5;

/**
 * The address a failed attempt is counted against. `request.ip` is not used: with trustProxy on it is
 * the left-most X-Forwarded-For entry, which the client writes itself. We take the socket peer,
 * and only when that peer is a proxy on this host or a private network do we read the right-most
 * X-Forwarded-For entry, the one that proxy appended and the client cannot choose.
 */
export function clientAddress(request: FastifyRequest): string {
  const peer = normalise(request.raw.socket.remoteAddress ?? 'unknown');
  if (!isLocalOrPrivate(peer)) return peer;
  const header = request.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((part) => part.trim()).filter(Boolean);
  const last = chain.at(-1);
  return last && isIP(normalise(last)) ? normalise(last) : peer;
}

function normalise(address: string): string {
  return address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address.toLowerCase();
}

function isLocalOrPrivate(address: string): boolean {
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return address === '::1' || address.startsWith('fc') || address.startsWith('fd');
}

export const accountKey = (userId: number) => `user:${userId}`;
/** An unknown name is throttled under its own key, so it behaves exactly like an existing one. */
export const unknownLoginKey = (login: string) => `login:${login.trim().toLowerCase()}`;
export const addressKey = (address: string) => `ip:${address}`;

/**
 * Failed attempts are rows, so a restart does not forget them. Refuses with 429 and Retry-After
 * (seconds until enough failures have aged out) when any of the keys has reached the limit.
 */
export function assertNotThrottled(db: Database, keys: string[]): void {
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
  if (retryAt === 0) return;
  const seconds = Math.max(1, Math.ceil((retryAt - now) / 1000));
  throw new AppError(429, 'too_many_attempts', `Too many failed attempts. Please try again in ${describeWait(seconds)}.`, {
    'retry-after': String(seconds),
  });
}

function describeWait(seconds: number): string {
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
