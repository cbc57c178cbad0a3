import type { Database } from '../db/sql';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface StoreParams {
  /** Which limit a key counts against (set by auth/rateLimits.ts): limits that key by the same address must not share a count. */
  nameSpace?: string;
}

const UPSERT = `INSERT INTO rate_limits (key, started_ms, expires_ms, hits) VALUES (?, ?, ?, 1)
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN rate_limits.expires_ms <= ? THEN 1 ELSE rate_limits.hits + 1 END,
    started_ms = CASE WHEN rate_limits.expires_ms <= ? THEN ? ELSE rate_limits.started_ms END,
    expires_ms = CASE WHEN rate_limits.expires_ms <= ? THEN ? ELSE rate_limits.expires_ms END
  RETURNING hits, expires_ms`;
const READ = 'SELECT hits, expires_ms FROM rate_limits WHERE key = ?';
/** Every this many counts, windows that ended are deleted. */
const SWEEP_EVERY = 500;

/**
 * @fastify/rate-limit's store in the casino's database, so every instance counts against the same
 * fixed windows (a client cannot multiply its allowance by the number of instances) and a restart
 * forgets nothing. One upsert per counted request, atomic on SQLite and on PostgreSQL alike.
 */
export function databaseRateLimitStore(db: Database) {
  let counted = 0;
  return class DatabaseRateLimitStore {
    constructor(private readonly params: StoreParams = {}) {}

    private key(raw: string): string {
      return `${this.params.nameSpace ?? 'global'}|${raw}`;
    }

    incr(raw: string, callback: Callback, timeWindow: number): void {
      const now = Date.now();
      const expires = now + timeWindow;
      db.get<{ hits: number; expires_ms: number }>(UPSERT, [this.key(raw), now, expires, now, now, now, now, expires]).then(
        (row) => {
          callback(null, { current: row!.hits, ttl: Math.max(0, row!.expires_ms - now) });
          counted += 1;
          if (counted % SWEEP_EVERY === 0) void db.run('DELETE FROM rate_limits WHERE expires_ms <= ?', [now]).catch(() => {});
        },
        (error: unknown) => callback(error as Error),
      );
    }

    read(raw: string, callback: Callback): void {
      const now = Date.now();
      db.get<{ hits: number; expires_ms: number }>(READ, [this.key(raw)]).then(
        (row) => callback(null, !row || row.expires_ms <= now ? { current: 0, ttl: 0 } : { current: row.hits, ttl: row.expires_ms - now }),
        (error: unknown) => callback(error as Error),
      );
    }

    child(params: object): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(params as StoreParams);
    }
  };
}
