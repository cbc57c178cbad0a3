import type { Database } from 'better-sqlite3';

export interface UserRow {
  id: number;
  userName: string;
  email: string;
  emailConfirmed: boolean;
  passwordHash: string;
  createdAt: string;
}

interface RawUser {
  id: number;
  user_name: string;
  email: string;
  email_confirmed: number;
  password_hash: string;
  created_at: string;
}

const toUser = (row: RawUser): UserRow => ({
  id: row.id,
  userName: row.user_name,
  email: row.email,
  emailConfirmed: row.email_confirmed === 1,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
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
