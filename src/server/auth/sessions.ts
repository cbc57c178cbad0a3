import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Database, Sql } from '../db/sql';
import { isoNow } from '../clock';
import { isoAfter, randomToken, sha256 } from './tokens';

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
export async function issueRefreshToken(tx: Sql, sessionId: string): Promise<string> {
  const token = randomToken();
  await tx.run('INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)', [
    sha256(token),
    sessionId,
    isoNow(),
    isoAfter(REFRESH_TOKEN_MS),
  ]);
  return token;
}

/** What a player needs to recognise a session later: recorded at sign-in. */
export interface SessionOrigin {
  device: string;
  ipAddress: string;
}

/** Records where a session was opened; call in the transaction that opens it. */
export async function recordSessionOrigin(tx: Sql, sessionId: string, origin: SessionOrigin): Promise<void> {
  await tx.run('UPDATE sessions SET device = ?, ip_address = ?, last_active_at = created_at WHERE id = ?', [origin.device, origin.ipAddress, sessionId]);
}

export interface OpenSession {
  sessionId: string;
  device: string | null;
  ipAddress: string | null;
  startedAt: string;
  lastActiveAt: string;
}

/** How many sessions the account page lists at most (the current one always among them). */
export const LISTED_SESSIONS = 100;

/**
 * A player's sessions still open: not ended, within their absolute lifetime, and holding a refresh
 * token that can still be spent (one idle past the token's lifetime can never come back). The
 * given session first, then the most recently active.
 */
export async function openSessionsOf(sql: Sql, userId: number, currentSessionId: string, sessionMaxAgeMs: number): Promise<OpenSession[]> {
  const now = Date.now();
  return sql.all<OpenSession>(
    `SELECT s.id AS "sessionId", s.device AS device, s.ip_address AS "ipAddress", s.created_at AS "startedAt",
        COALESCE(s.last_active_at, s.created_at) AS "lastActiveAt"
      FROM sessions s
      WHERE s.user_id = ? AND s.ended_at IS NULL AND s.created_at > ?
        AND EXISTS (SELECT 1 FROM refresh_tokens r WHERE r.session_id = s.id AND r.rotated_at IS NULL AND r.expires_at > ?)
      ORDER BY CASE WHEN s.id = ? THEN 0 ELSE 1 END, COALESCE(s.last_active_at, s.created_at) DESC, s.id
      LIMIT ${LISTED_SESSIONS}`,
    [userId, new Date(now - sessionMaxAgeMs).toISOString(), new Date(now).toISOString(), currentSessionId],
  );
}

/**
 * Ends sessions and makes their refresh tokens (and any grace boxes) useless at once. Answers the
 * ids that were open until now, for the caller to announce once its transaction has committed.
 * Each session is ended by one conditional update (`ended_at IS NULL`), so when two transactions end
 * the same session side by side (PostgreSQL), exactly one of them reports it.
 */
export async function endSessions(tx: Sql, where: { sessionId: string } | { userId: number; exceptSessionId?: string }): Promise<string[]> {
  const now = isoNow();
  let ended: string[];
  let ids: string[];
  if ('sessionId' in where) {
    ids = [where.sessionId];
    ended = (await tx.all<{ id: string }>('UPDATE sessions SET ended_at = ? WHERE id = ? AND ended_at IS NULL RETURNING id', [now, where.sessionId])).map(
      (row) => row.id,
    );
  } else {
    ended = (
      await tx.all<{ id: string }>('UPDATE sessions SET ended_at = ? WHERE user_id = ? AND ended_at IS NULL AND id <> ? RETURNING id', [
        now,
        where.userId,
        where.exceptSessionId ?? '',
      ])
    ).map((row) => row.id);
    ids = ended;
  }
  for (const id of ids) {
    await tx.run('UPDATE refresh_tokens SET expires_at = ?, grace_box = NULL WHERE session_id = ? AND expires_at > ?', [now, id, now]);
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
export async function refreshTokenHolder(sql: Sql, presented: string): Promise<{ userId: number; sessionId: string } | null> {
  const row = await sql.get<{ userId: number; sessionId: string }>(
    'SELECT s.user_id AS "userId", r.session_id AS "sessionId" FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?',
    [sha256(presented)],
  );
  return row ?? null;
}

const READ_REFRESH_TOKEN = `SELECT r.token_hash, r.session_id, s.user_id, r.expires_at, r.rotated_at, r.successor_hash, r.grace_box, s.ended_at, s.created_at
  FROM refresh_tokens r JOIN sessions s ON s.id = r.session_id WHERE r.token_hash = ?`;

/**
 * Rotates a refresh token in one transaction of its own. Two requests carrying the same token get
 * one rotation: the token is claimed by a conditional update (`rotated_at IS NULL`), so on PostgreSQL,
 * where the two run side by side, the second waits for the first, changes nothing, reads the
 * rotation back and, within the grace window, gets the same pair; later (or once the new token has
 * itself been used) it is a reuse and the whole session ends.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  issueAccessToken: (userId: number, sessionId: string) => string,
  sessionMaxAgeMs: number,
): Promise<RefreshOutcome> {
  const presentedHash = sha256(presented);
  return db.transaction(async (tx): Promise<RefreshOutcome> => {
    const now = Date.now();
    const row = await tx.get<RefreshRow>(READ_REFRESH_TOKEN, [presentedHash]);
    if (!row || row.ended_at !== null) return { kind: 'invalid' };
    if (row.rotated_at !== null) return rotatedAlready(tx, presented, row, row.rotated_at, now);

    if (Date.parse(row.expires_at) <= now) return { kind: 'invalid' };
    // The absolute lifetime counts from sign-in: rotating the token never extends it.
    if (!(now < Date.parse(row.created_at) + sessionMaxAgeMs)) {
      await endSessions(tx, { sessionId: row.session_id });
      return { kind: 'expired', sessionId: row.session_id };
    }

    const refreshToken = randomToken();
    const pair: TokenPair = { jwt: issueAccessToken(row.user_id, row.session_id), refreshToken };
    const rotatedAt = new Date(now).toISOString();
    // The claim: only a token nobody has rotated yet (and not killed meanwhile) rotates.
    const claimed = await tx.run(
      'UPDATE refresh_tokens SET rotated_at = ?, successor_hash = ?, grace_box = ? WHERE token_hash = ? AND rotated_at IS NULL AND expires_at > ?',
      [rotatedAt, sha256(refreshToken), seal(presented, pair), row.token_hash, rotatedAt],
    );
    if (claimed !== 1) {
      // Another request rotated (or a sign-out killed) it meanwhile and has committed: read what it left.
      const again = await tx.get<RefreshRow>(READ_REFRESH_TOKEN, [presentedHash]);
      if (!again || again.ended_at !== null || again.rotated_at === null) return { kind: 'invalid' };
      return rotatedAlready(tx, presented, again, again.rotated_at, now);
    }
    await tx.run('INSERT INTO refresh_tokens (token_hash, session_id, issued_at, expires_at) VALUES (?, ?, ?, ?)', [
      sha256(refreshToken),
      row.session_id,
      rotatedAt,
      isoAfter(REFRESH_TOKEN_MS, now),
    ]);
    // Last activity is the last refresh: once per access token's life, not once per request.
    await tx.run('UPDATE sessions SET last_active_at = ? WHERE id = ?', [rotatedAt, row.session_id]);
    // Older boxes of this session are past their use now: only the newest rotation can be retried.
    await tx.run('UPDATE refresh_tokens SET grace_box = NULL WHERE session_id = ? AND grace_box IS NOT NULL AND token_hash <> ?', [
      row.session_id,
      row.token_hash,
    ]);
    // Boxes anywhere whose window has closed are wiped, so none outlives its purpose for long.
    await tx.run('UPDATE refresh_tokens SET grace_box = NULL WHERE grace_box IS NOT NULL AND rotated_at < ?', [new Date(now - REFRESH_GRACE_MS).toISOString()]);
    return { kind: 'rotated', pair };
  });
}

/** A token presented after its rotation: the same pair within the grace window, else a reuse that ends the session. */
async function rotatedAlready(tx: Sql, presented: string, row: RefreshRow, rotatedAt: string, now: number): Promise<RefreshOutcome> {
  const successor = row.successor_hash
    ? await tx.get<{ rotated_at: string | null; expires_at: string }>('SELECT rotated_at, expires_at FROM refresh_tokens WHERE token_hash = ?', [
        row.successor_hash,
      ])
    : undefined;
  const withinGrace = now - Date.parse(rotatedAt) <= REFRESH_GRACE_MS;
  const successorUnused = successor !== undefined && successor.rotated_at === null && Date.parse(successor.expires_at) > now;
  const pair = withinGrace && successorUnused && row.grace_box ? open(presented, row.grace_box) : null;
  if (pair) return { kind: 'retried', pair };
  await endSessions(tx, { sessionId: row.session_id });
  return { kind: 'reused', sessionId: row.session_id };
}
