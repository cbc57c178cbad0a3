import { randomBytes } from 'node:crypto';
import type { Sql } from './sql';
import { isoNow } from '../clock';

/**
 * A secret every instance of the casino shares, kept in the database: the first instance to ask
 * creates it, the others read the same one (an insert that loses the race changes nothing).
 */
export async function sharedSecret(sql: Sql, name: string): Promise<Buffer> {
  await sql.run('INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING', [
    name,
    randomBytes(48).toString('base64url'),
    isoNow(),
  ]);
  const row = await sql.get<{ value: string }>('SELECT value FROM server_secrets WHERE name = ?', [name]);
  if (!row) throw new Error(`the shared secret ${name} could not be read back`);
  return Buffer.from(row.value, 'utf8');
}
