import { describe, expect, it } from 'vitest';
import { ChangeMarks } from '../../src/server/db/changeMarks';
import { TableNames } from '../../src/server/db/tableNames';

// What a cache of rows keyed by change marks (the bearer check's session rows) relies on: a write
// counts for the table it changes, and only a statement that cannot change a table leaves its mark.
describe('tables a statement writes', () => {
  const names = new TableNames();
  names.watch(['users', 'sessions']);

  it('should name only the target of an INSERT, UPDATE or DELETE, not the tables it reads', () => {
    expect(names.writtenIn('INSERT INTO bets (user_id) VALUES (?) RETURNING id, (SELECT user_name FROM users WHERE users.id = bets.user_id) AS user_name')).toEqual([]);
    expect(names.writtenIn('UPDATE ledger_accounts SET balance = 1 WHERE user_id IN (SELECT id FROM users)')).toEqual([]);
    expect(names.writtenIn('DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions)')).toEqual([]);
    expect(names.writtenIn('  update USERS set user_name = ?')).toEqual(['users']);
    expect(names.writtenIn('INSERT OR IGNORE INTO "sessions" (id) VALUES (?)')).toEqual(['sessions']);
    expect(names.writtenIn('REPLACE INTO users (id) VALUES (?)')).toEqual(['users']);
    expect(names.writtenIn('DELETE FROM sessions WHERE user_id = ?')).toEqual(['sessions']);
    expect(names.writtenIn('UPDATE OR ROLLBACK sessions SET ended_at = ?')).toEqual(['sessions']);
  });

  it('should find the target after a WITH clause', () => {
    expect(names.writtenIn('WITH old AS (SELECT id FROM sessions WHERE created_at < (SELECT MIN(created_at) FROM users)) UPDATE sessions SET ended_at = ? WHERE id IN old')).toEqual(['sessions']);
    expect(names.writtenIn('WITH a(x) AS (SELECT 1), b AS MATERIALIZED (SELECT id FROM sessions) INSERT INTO bets SELECT * FROM b')).toEqual([]);
  });

  it('should count every watched table named when it cannot tell the target', () => {
    expect(names.writtenIn('UPDATE main.users SET user_name = ?')).toEqual(['users']);
    expect(names.writtenIn('INSERT INTO main . sessions (id) VALUES (?)')).toEqual(['sessions']);
    expect(names.writtenIn('ALTER TABLE users ADD COLUMN x TEXT')).toEqual(['users']);
    expect([...names.writtenIn('DROP TABLE sessions; DELETE FROM users')].sort()).toEqual(['sessions', 'users']);
    expect(names.writtenIn("WITH q AS (SELECT ')' FROM users) DELETE FROM bets")).toEqual(['users']);
  });

  it('should change a mark of the written table and leave the others', () => {
    let version = 1;
    const marks = new ChangeMarks(() => version);
    const users = marks.mark(['users']);
    const sessions = marks.mark(['sessions']);
    marks.wrote('INSERT INTO bets (user_id) VALUES (?) RETURNING (SELECT user_name FROM users WHERE users.id = bets.user_id)');
    expect(marks.mark(['users'])).toBe(users);
    marks.wrote('UPDATE sessions SET ended_at = ? WHERE user_id IN (SELECT id FROM users)');
    expect(marks.mark(['users'])).toBe(users);
    expect(marks.mark(['sessions'])).not.toBe(sessions);
    const now = marks.mark(['users']);
    version = 2;
    expect(marks.mark(['users'])).not.toBe(now);
  });
});
