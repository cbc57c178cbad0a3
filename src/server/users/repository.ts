import { forUpdate } from '../db/sql';
import type { Sql } from '../db/sql';
import { isoNow } from '../clock';

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

const USER_COLUMNS = 'id, user_name, email, email_confirmed, password_hash, created_at, mfa_enabled, mfa_key, mfa_last_step';

/**
 * Inserts the user, or answers null when the name or the address is taken (their unique keys decide,
 * so of two sign-ups racing for one name exactly one gets it, on either engine: on PostgreSQL the
 * second insert waits for the first to commit and then does nothing). Which one was taken, the caller
 * reads with `isUserNameTaken` / `isEmailTaken` in the same transaction.
 */
export async function insertUser(sql: Sql, input: { userName: string; email: string; passwordHash: string }): Promise<UserRow | null> {
  const createdAt = isoNow();
  const row = await sql.get<RawUser>(
    `INSERT INTO users (user_name, user_name_key, email, email_key, password_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING ${USER_COLUMNS}`,
    [input.userName, userNameKey(input.userName), input.email.trim(), emailKey(input.email), input.passwordHash, createdAt],
  );
  return row ? toUser(row) : null;
}

export async function findUserById(sql: Sql, id: number): Promise<UserRow | null> {
  const row = await sql.get<RawUser>(`SELECT ${USER_COLUMNS} FROM users WHERE id = ?`, [id]);
  return row ? toUser(row) : null;
}

/**
 * Locks the user's row until the transaction ends (PostgreSQL; SQLite's writers never run side by
 * side), so read-then-write steps on the account (a token's cooldown, "earlier tokens stop working")
 * run one after another. Answers whether the user exists.
 */
export async function lockUser(tx: Sql, id: number): Promise<boolean> {
  return (await tx.get(`SELECT id FROM users WHERE id = ?${forUpdate(tx)}`, [id])) !== undefined;
}

/**
 * Locks the user's row and answers whether their password hash is still `expected`: a sign-in whose
 * password was checked outside the transaction opens its session only if no reset or change landed
 * meanwhile (a reset waits for the lock, and then ends the session this sign-in opened).
 */
export async function passwordStill(tx: Sql, id: number, expected: string): Promise<boolean> {
  const row = await tx.get<{ password_hash: string }>(`SELECT password_hash FROM users WHERE id = ?${forUpdate(tx)}`, [id]);
  return row?.password_hash === expected;
}

export async function findUserByLogin(sql: Sql, login: string): Promise<UserRow | null> {
  const row = await sql.get<RawUser>(`SELECT ${USER_COLUMNS} FROM users WHERE user_name_key = ? OR email_key = ?`, [userNameKey(login), emailKey(login)]);
  return row ? toUser(row) : null;
}

export async function findUserByEmail(sql: Sql, email: string): Promise<UserRow | null> {
  const row = await sql.get<RawUser>(`SELECT ${USER_COLUMNS} FROM users WHERE email_key = ?`, [emailKey(email)]);
  return row ? toUser(row) : null;
}

export async function isUserNameTaken(sql: Sql, userName: string): Promise<boolean> {
  return (await sql.get('SELECT 1 AS taken FROM users WHERE user_name_key = ?', [userNameKey(userName)])) !== undefined;
}

export async function isEmailTaken(sql: Sql, email: string): Promise<boolean> {
  return (await sql.get('SELECT 1 AS taken FROM users WHERE email_key = ?', [emailKey(email)])) !== undefined;
}

export async function setPasswordHash(sql: Sql, userId: number, passwordHash: string): Promise<void> {
  await sql.run('UPDATE users SET password_hash = ? WHERE id = ?', [passwordHash, userId]);
}

/**
 * Compare-and-set: replaces the hash only if it is still the one the caller checked the old
 * password against, so of two changes proven with the same old password exactly one lands.
 */
export async function replacePasswordHash(sql: Sql, userId: number, expectedHash: string, passwordHash: string): Promise<boolean> {
  return (await sql.run('UPDATE users SET password_hash = ? WHERE id = ? AND password_hash = ?', [passwordHash, userId, expectedHash])) === 1;
}

export async function markEmailConfirmed(sql: Sql, userId: number): Promise<void> {
  await sql.run('UPDATE users SET email_confirmed = 1 WHERE id = ?', [userId]);
}

/**
 * Offers a first key for the next enable, only while two-factor is off and no key is offered yet:
 * of two requests racing to make one, one key lands and both show it (the loser reads it back).
 */
export async function offerMfaKey(sql: Sql, userId: number, key: string): Promise<boolean> {
  return (await sql.run('UPDATE users SET mfa_key = ?, mfa_last_step = NULL WHERE id = ? AND mfa_enabled = 0 AND mfa_key IS NULL', [key, userId])) === 1;
}

/** Turns two-factor on with the key the code was checked against, unless it is on already or the key changed meanwhile. */
export async function enableMfaWithKey(sql: Sql, userId: number, key: string): Promise<boolean> {
  return (await sql.run('UPDATE users SET mfa_enabled = 1 WHERE id = ? AND mfa_enabled = 0 AND mfa_key = ?', [userId, key])) === 1;
}

/** Turns two-factor off and offers `nextKey` for the next enable, once: false when it was off already. */
export async function disableMfaWithNextKey(sql: Sql, userId: number, nextKey: string): Promise<boolean> {
  return (await sql.run('UPDATE users SET mfa_enabled = 0, mfa_key = ?, mfa_last_step = NULL WHERE id = ? AND mfa_enabled = 1', [nextKey, userId])) === 1;
}

/**
 * Records a TOTP step as used unless that step (or a later one) already was: the conditional
 * update is the replay check, so two requests racing with one code cannot both pass.
 */
export async function claimMfaStep(sql: Sql, userId: number, step: number): Promise<boolean> {
  return (
    (await sql.run('UPDATE users SET mfa_last_step = ? WHERE id = ? AND (mfa_last_step IS NULL OR mfa_last_step < ?)', [step, userId, step])) === 1
  );
}
