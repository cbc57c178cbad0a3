import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { isoAfter, nowIso, randomToken, sha256 } from './tokens';

/** A refresh token lives 30 days from its issue (and never past its session's lifetime); every use replaces it. */
export const REFRESH_TOKEN_MS = 30 * 24 * 60 * 60 * 1000;
/** A rotated token presented again within this window gets the same new pair (a lost answer). */
export const REFRESH_GRACE_MS = 10_000;

export interface TokenPair {
  jwt: string;
  refreshToken: string;
}

interface RefreshRow {
  token_hash: string;
  session_id: string;
  user_id: number;
  expires_at: string;
  rotated_at: string | null;
  successor_hash: string | null;
  grace_box: string | null;
  ended_at: string | null;
  created_at: string;
}

/*
 * The grace box holds the pair that replaced a token, encrypted with a key derived from the
 * replaced token itself. The database keeps only the token's SHA-256, so the box is readable only
 * by whoever presents that token again, and only while the box exists (it is wiped once the
 * window has passed, when the session ends, or at the next rotation).
 */
function boxKey(token: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(token, 'utf8'), Buffer.alloc(0), 'acc-casino refresh grace v1', 32));
}

function seal(token: string, pair: TokenPair): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', boxKey(token), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(pair), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

function open(token: string, box: string): TokenPair | null {
  try {
    const raw = Buffer.from(box, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', boxKey(token), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenPair;
  } catch {
    return null;
  }
}

/** Issues the first refresh token of a session. Call inside the transaction that opens it. */
export function issueRefreshToken(db: Database, sessionId: string): string {
  const token = randomToken();
  db.prepare('INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)').run(
    sha256(token),
    sessionId,
    nowIso(),
    isoAfter(REFRESH_TOKEN_MS),
  );
  return token;
}

/**
 * Ends sessions and makes their refresh tokens (and any grace boxes) useless at once. Answers the
 * ids that were open until now, for the caller to announce once its transaction has committed.
 */
export function endSessions(db: Database, where: { sessionId: string } | { userId: number; exceptSessionId?: string }): string[] {
  const now = nowIso();
  let ids: string[];
  if ('sessionId' in where) {
    ids = [where.sessionId];
  } else {
    ids = (
      db.prepare('SELECT id FROM sessions WHERE user_id = ? AND ended_at IS NULL AND id <> ?').all(where.userId, where.exceptSessionId ?? '') as Array<{
        id: string;
      }>
    ).map((row) => row.id);
  }
  const ended: string[] = [];
  const endOne = db.prepare('UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL');
  const killTokens = db.prepare(
    `UPDATE refresh_tokens SET expires_at = ?, grace_box = NULL WHERE session_id = ? AND expires_at > ?`,
  );
  for (const id of ids) {
    if (endOne.run(now, id).changes > 0) ended.push(id);
    killTokens.run(now, id, now);
  }
  return ended;
}

export type RefreshOutcome =
  | { kind: 'rotated'; pair: TokenPair }
  | { kind: 'retried'; pair: TokenPair }
  | { kind: 'invalid' }
  | { kind: 'reused'; sessionId: string }
  | { kind: 'expired'; sessionId: string };

/**
 * Who a refresh token belongs to, for signing the access token of its rotation before the rotating
 * transaction (signing is asynchronous; a token's session and user never change).
 */
export function refreshTokenHolder(db: Database, presented: string): { userId: number; sessionId: string } | null {
  const row = db
    .prepare('SELECT s.user_id AS userId, r.session_id AS sessionId FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?')
    .get(sha256(presented)) as { userId: number; sessionId: string } | undefined;
  return row ?? null;
}

/**
 * Rotates a refresh token. Runs synchronously inside one transaction, so two requests carrying the
 * same token are serialised: the first rotates, the second finds the rotation and, within the grace
 * window, gets the same pair; later (or once the new token has itself been used) it is a reuse and
 * the whole session ends.
 */
export function rotateRefreshToken(
  db: Database,
  presented: string,
  issueAccessToken: (userId: number, sessionId: string) => string,
  sessionMaxAgeMs: number,
): RefreshOutcome {
  return db.transaction((): RefreshOutcome => {
    const now = Date.now();
    const row = db
      .prepare(
        `SELECT r.token_hash, r.session_id, s.user_id, r.expires_at, r.rotated_at, r.successor_hash, r.grace_box, s.ended_at, s.created_at
         FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?`,
      )
      .get(sha256(presented)) as RefreshRow | undefined;
    if (!row || row.ended_at !== null) return { kind: 'invalid' };

    if (row.rotated_at !== null) {
      const successor = row.successor_hash
        ? (db.prepare('SELECT rotated_at, expires_at FROM refresh_tokens WHERE token_hash = ?').get(row.successor_hash) as
            | { rotated_at: string | null; expires_at: string }
            | undefined)
        : undefined;
      const withinGrace = now - Date.parse(row.rotated_at) <= REFRESH_GRACE_MS;
      const successorUnused = successor !== undefined && successor.rotated_at === null && Date.parse(successor.expires_at) > now;
      const pair = withinGrace && successorUnused && row.grace_box ? open(presented, row.grace_box) : null;
      if (pair) return { kind: 'retried', pair };
      endSessions(db, { sessionId: row.session_id });
      return { kind: 'reused', sessionId: row.session_id };
    }

    if (Date.parse(row.expires_at) <= now) return { kind: 'invalid' };
    // The absolute lifetime counts from sign-in: rotating the token never extends it.
    if (!(now < Date.parse(row.created_at) + sessionMaxAgeMs)) {
      endSessions(db, { sessionId: row.session_id });
      return { kind: 'expired', sessionId: row.session_id };
    }

    const refreshToken = randomToken();
    const pair: TokenPair = { jwt: issueAccessToken(row.user_id, row.session_id), refreshToken };
    const rotatedAt = new Date(now).toISOString();
    db.prepare('INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)').run(
      sha256(refreshToken),
      row.session_id,
      rotatedAt,
      isoAfter(REFRESH_TOKEN_MS, now),
    );
    // Older boxes of this session are past their use now: only the newest rotation can be retried.
    db.prepare('UPDATE refresh_tokens SET grace_box = NULL WHERE session_id = ? AND grace_box IS NOT NULL').run(row.session_id);
    db.prepare('UPDATE refresh_tokens SET rotated_at = ?, successor_hash = ?, grace_box = ? WHERE token_hash = ?').run(
      rotatedAt,
      sha256(refreshToken),
      seal(presented, pair),
      row.token_hash,
    );
    // Boxes anywhere whose window has closed are wiped, so none outlives its purpose for long.
    db.prepare('UPDATE refresh_tokens SET grace_box = NULL WHERE grace_box IS NOT NULL AND rotated_at < ?').run(
      new Date(now - REFRESH_GRACE_MS).toISOString(),
    );
    return { kind: 'rotated', pair };
  })();
}
