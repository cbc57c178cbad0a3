import type { Sql } from '../db/sql';
import { lockUser } from '../users/repository';
import { isoNow } from '../clock';
import { isoAfter, randomToken, sha256 } from './tokens';

export type AccountTokenPurpose = 'confirm_email' | 'reset_password';

export const CONFIRM_EMAIL_MS = 7 * 24 * 60 * 60 * 1000;
export const RESET_PASSWORD_MS = 60 * 60 * 1000;

const lifetime: Record<AccountTokenPurpose, number> = { confirm_email: CONFIRM_EMAIL_MS, reset_password: RESET_PASSWORD_MS };

/**
 * Issues a fresh token for the purpose; earlier unused ones of the same purpose stop working. Call
 * inside a transaction: the user's row is locked first, so two issues for one user run one after
 * the other on PostgreSQL too, and the later one retires the earlier one's token.
 */
export async function issueAccountToken(tx: Sql, userId: number, purpose: AccountTokenPurpose, token = randomToken()): Promise<string> {
  const now = isoNow();
  await lockUser(tx, userId);
  await tx.run('UPDATE account_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL', [now, userId, purpose]);
  await tx.run('INSERT INTO account_tokens (user_id, purpose, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?)', [
    userId,
    purpose,
    sha256(token),
    now,
    isoAfter(lifetime[purpose]),
  ]);
  return token;
}

/**
 * Uses a token once: true when it was this user's, of this purpose, unused and unexpired. The
 * conditional update decides: of two requests with one token exactly one changes the row.
 */
export async function consumeAccountToken(sql: Sql, userId: number, purpose: AccountTokenPurpose, token: string): Promise<boolean> {
  const now = isoNow();
  const changed = await sql.run(
    `UPDATE account_tokens SET used_at = ?
     WHERE token_hash = ? AND user_id = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
    [now, sha256(token), userId, purpose, now],
  );
  return changed === 1;
}

export async function latestAccountTokenAt(sql: Sql, userId: number, purpose: AccountTokenPurpose): Promise<string | null> {
  const row = await sql.get<{ at: string | null }>('SELECT MAX(created_at) AS at FROM account_tokens WHERE user_id = ? AND purpose = ?', [userId, purpose]);
  return row?.at ?? null;
}
