import type { Database } from 'better-sqlite3';

export interface UserRow {
  id: number;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  passwordHash: string;
  createdAt: string;
  mfaEnabled: boolean;
  /** The active key while two-factor is on; otherwise the key offered for the next enable (or null). */
  mfaKey: string | null;
  /** Last TOTP time step accepted, so a code is accepted only once. */
  mfaLastStep: number | null;
}

/** The user as the client holds it (docs/product.md §3). */
export interface PublicUser {
  id: number;
  userName: string;
  dateJoined: string;
  email: string;
  emailConfirmed: boolean;
  tfaEnabled: boolean;
}

interface RawUser {
  id: number;
  user_name: string;
  email: string;
  email_confirmed: number;
  password_hash: string;
  created_at: string;
  mfa_enabled: number;
  mfa_key: string | null;
  mfa_last_step: number | null;
}

const toUser = (row: RawUser): UserRow => ({
  id: row.id,
  userName: row.user_name,
  email: row.email,
  emailConfirmed: row.email_confirmed === 1,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
  mfaEnabled: row.mfa_enabled === 1,
  mfaKey: row.mfa_key,
  mfaLastStep: row.mfa_last_step,
});

export const toPublicUser = (user: UserRow): PublicUser => ({
  id: user.id,
  userName: user.userName,
  dateJoined: user.createdAt,
  email: user.email,
  emailConfirmed: user.emailConfirmed,
  tfaEnabled: user.mfaEnabled,
});

/** Names and addresses are unique without regard to case. */
export const userNameKey = (name: string) => name.toLowerCase();
export const emailKey = (email: string) => email.trim().toLowerCase();

export function insertUser(db: Database, input: { userName: string; email: string; passwordHash: string }): UserRow {
  const createdAt = new Date().toISOString();
  const result = db
    .prepare(
      `INSERT INTO users (user_name, user_name_key, email, email_key, password_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    .run(input.userName, userNameKey(input.userName), input.email.trim(), emailKey(input.email), input.passwordHash, createdAt);
  return findUserById(db, Number(result.lastInsertRowid)) as UserRow;
}

export function findUserById(db: Database, id: number): UserRow | null {
  const row = db.prepare('SELECT * FROM users WHERE id = ?').get(id) as RawUser | undefined;
  return row ? toUser(row) : null;
}

export function findUserByLogin(db: Database, login: string): UserRow | null {
  const row = db
    .prepare('SELECT * FROM users WHERE user_name_key = ? OR email_key = ?')
    .get(userNameKey(login), emailKey(login)) as RawUser | undefined;
  return row ? toUser(row) : null;
}

export function findUserByEmail(db: Database, email: string): UserRow | null {
  const row = db.prepare('SELECT * FROM users WHERE email_key = ?').get(emailKey(email)) as RawUser | undefined;
  return row ? toUser(row) : null;
}

export function isUserNameTaken(db: Database, userName: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE user_name_key = ?').get(userNameKey(userName)) !== undefined;
}

export function isEmailTaken(db: Database, email: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE email_key = ?').get(emailKey(email)) !== undefined;
}

export function setPasswordHash(db: Database, userId: number, passwordHash: string): void {
  db.prepare('UPDATE users SET password_hash = ? WHERE id = ?').run(passwordHash, userId);
}

/**
 * Compare-and-set: replaces the hash only if it is still the one the caller checked the old
 * password against, so of two changes proven with the same old password exactly one lands.
 */
export function replacePasswordHash(db: Database, userId: number, expectedHash: string, passwordHash: string): boolean {
  return db.prepare('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?').run(passwordHash, userId, expectedHash).changes === 1;
}

export function markEmailConfirmed(db: Database, userId: number): void {
  db.prepare('UPDATE users SET email_confirmed = 1 WHERE id = ?').run(userId);
}

/** Stores the key offered for the next enable; only while two-factor is off. */
export function setPendingMfaKey(db: Database, userId: number, key: string): void {
  db.prepare('UPDATE users SET mfa_key = ?, mfa_last_step = NULL WHERE id = ? AND mfa_enabled = 0').run(key, userId);
}

export function setMfaEnabled(db: Database, userId: number, enabled: boolean): void {
  db.prepare('UPDATE users SET mfa_enabled = ? WHERE id = ?').run(enabled ? 1 : 0, userId);
}

/**
 * Records a TOTP step as used unless that step (or a later one) already was: the conditional
 * update is the replay check, so two requests racing with one code cannot both pass.
 */
export function claimMfaStep(db: Database, userId: number, step: number): boolean {
  return (
    db
      .prepare('UPDATE users SET mfa_last_step = ? WHERE id = ? AND (mfa_last_step IS NULL OR mfa_last_step < ?)')
      .run(step, userId, step).changes === 1
  );
}
