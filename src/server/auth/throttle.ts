import { isIP } from 'node:net';
import { createHash } from 'node:crypto';
import type { Database, Sql } from '../db/sql';
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
 * An attempt counted in advance: one failure row per key, written before the password or code is
 * checked. If the attempt turns out not to be a failure (the right password, or "code required"),
 * `withdrawAttempt` takes its rows back; otherwise they stay as its failures.
 */
export interface CountedAttempt {
  readonly ids: readonly number[];
}

/**
 * Failed attempts are rows, so a restart does not forget them. Counts an attempt against every key
 * before its outcome is known, or refuses it with 429 and Retry-After (seconds until enough failures
 * have aged out) when any key has reached the limit. Count and insert are one transaction, and on
 * PostgreSQL it first locks the keys (transaction-scoped advisory locks, taken in one order), so
 * attempts on one key run it one after another there too: of many attempts fired at once, only as
 * many as the limit has room for get to check a password, never all of them on one stale count.
 */
export async function countAttempt(db: Database, keys: string[]): Promise<CountedAttempt | AppError> {
  const now = Date.now();
  const at = new Date(now).toISOString();
  return db.transaction(async (tx): Promise<CountedAttempt | AppError> => {
    if (tx.engine === 'postgres') {
      for (const lock of lockIds(keys)) await tx.get('SELECT pg_advisory_xact_lock(?)', [lock]);
    }
    const refusal = await throttleRefusal(tx, keys, now);
    if (refusal) return refusal;
    const ids: number[] = [];
    for (const key of keys) {
      ids.push((await tx.get<{ id: number }>('INSERT INTO login_failures (throttle_key, failed_at) VALUES (?, ?) RETURNING id', [key, at]))!.id);
    }
    await tx.run('DELETE FROM login_failures WHERE failed_at <= ?', [new Date(now - FAILURE_WINDOW_MS).toISOString()]);
    return { ids };
  });
}

/** `countAttempt` that throws its refusal. */
export async function assertNotThrottled(db: Database, keys: string[]): Promise<CountedAttempt> {
  const counted = await countAttempt(db, keys);
  if (counted instanceof AppError) throw counted;
  return counted;
}

/** The attempt was not a failure after all: its rows no longer count. */
export async function withdrawAttempt(sql: Sql, attempt: CountedAttempt): Promise<void> {
  for (const id of attempt.ids) await sql.run('DELETE FROM login_failures WHERE id = ?', [id]);
}

/** One advisory lock id per key (64 bits of its SHA-256), sorted so two transactions never wait on each other in a circle. */
function lockIds(keys: string[]): bigint[] {
  const ids = new Set(keys.map((key) => createHash('sha256').update(`login_failures:${key}`, 'utf8').digest().readBigInt64BE(0)));
  return [...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The 429 that assertNotThrottled would throw, or null while every key is under the limit. */
export async function throttleRefusal(sql: Sql, keys: string[], now = Date.now()): Promise<AppError | null> {
  const since = new Date(now - FAILURE_WINDOW_MS).toISOString();
  let retryAt = 0;
  for (const key of keys) {
    const times = (
      await sql.all<{ failed_at: string }>('SELECT failed_at FROM login_failures WHERE throttle_key = ? AND failed_at > ? ORDER BY failed_at', [key, since])
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

/** A successful sign-in clears the account's count (never the address's: one good account must not unlock guessing at others). */
export async function clearFailures(sql: Sql, key: string): Promise<void> {
  await sql.run('DELETE FROM login_failures WHERE throttle_key = ?', [key]);
}
