import type { Database } from 'better-sqlite3';
import { isoAfter, nowIso, randomToken, sha256 } from './tokens';

export type AccountTokenPurpose = 'confirm_email' | 'reset_password';

export const CONFIRM_EMAIL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_MS = 60 * 60 * 1000;

const lifetime: Record<AccountTokenPurpose, number> = { confirm_email: CONFIRM_EMAIL_MS, reset_password: RESET_PASSWORD_MS };

/** Issues a fresh token for the purpose; earlier unused ones of the same purpose stop working. */
export function issueAccountToken(db: Database, userId: number, purpose: AccountTokenPurpose, token = randomToken()): string {
  const now = nowIso();
  db.prepare('UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL').run(now, userId, purpose);
  db.prepare('INSERT INTO account_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(
    userId,
    purpose,
    sha256(token),
    now,
    isoAfter(lifetime[purpose]),
  );
  return token;
}

/** Uses a token once: true when it was this user's, of this purpose, unused and unexpired. */
export function consumeAccountToken(db: Database, userId: number, purpose: AccountTokenPurpose, token: string): boolean {
  const now = nowIso();
  return (
    db
      .prepare(
        `UPDATE account_tokens SET used_at = ?
         WHERE token_hash = ? AND user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
      )
      .run(now, sha256(token), userId, purpose, now).changes === 1
  );
}

export function latestAccountTokenAt(db: Database, userId: number, purpose: AccountTokenPurpose): string | null {
  const row = db
    .prepare('SELECT MAX(created_at) AS at FROM account_tokens WHERE user_id = ? AND purpose = ?')
    .get(userId, purpose) as { at: string | null };
  return row.at;
}
