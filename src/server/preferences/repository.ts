import { DEFAULT_PREFERENCES } from '../../core/accounts/preferences';
import type { Preferences, RealityCheckMinutes } from '../../core/accounts/preferences';
import { unitsToDecimalString } from '../../core/money';
import { BIGINT } from '../db/sql';
import type { Sql } from '../db/sql';

interface PreferencesRow {
  keyboard_shortcuts: number;
  instant_mode: number;
  reality_check_minutes: number;
}

/** The player's stored preferences, or the defaults when none were saved. */
export async function readPreferences(sql: Sql, userId: number): Promise<Preferences> {
  const row = await sql.get<PreferencesRow>(
    'SELECT keyboard_shortcuts, instant_mode, reality_check_minutes FROM player_preferences WHERE user_id = ?',
    [userId],
  );
  if (!row) return { ...DEFAULT_PREFERENCES };
  return {
    keyboardShortcuts: Number(row.keyboard_shortcuts) === 1,
    instantMode: Number(row.instant_mode) === 1,
    realityCheckMinutes: Number(row.reality_check_minutes) as RealityCheckMinutes,
  };
}

/** Merges `change` into the stored preferences in one statement-pair transaction and returns the result. */
export async function writePreferences(sql: Sql, userId: number, change: Partial<Preferences>, now: string): Promise<Preferences> {
  return sql.transaction(async (tx) => {
    const next = { ...(await readPreferences(tx, userId)), ...change };
    await tx.run(
      `INSERT INTO player_preferences (user_id, keyboard_shortcuts, instant_mode, reality_check_minutes, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id) DO UPDATE SET keyboard_shortcuts = excluded.keyboard_shortcuts, instant_mode = excluded.instant_mode,
         reality_check_minutes = excluded.reality_check_minutes, updated_at = excluded.updated_at`,
      [userId, next.keyboardShortcuts ? 1 : 0, next.instantMode ? 1 : 0, next.realityCheckMinutes, now],
    );
    return next;
  });
}

interface ResultRow {
  currency: string;
  bets: bigint;
  wagered: bigint;
  paid: bigint;
}

/** The net result per currency of the bets placed since `since`, by symbol. */
export async function sessionResults(sql: Sql, userId: number, since: string) {
  const rows = await sql.all<ResultRow>(
    `SELECT currency, COUNT(*) AS bets, SUM(wager) AS wagered, SUM(payout) AS paid
     FROM bets WHERE user_id = ? AND created_at >= ? GROUP BY currency ORDER BY currency`,
    [userId, since],
    BIGINT,
  );
  return rows.map((row) => ({
    currency: row.currency,
    bets: Number(row.bets),
    wagered: unitsToDecimalString(BigInt(row.wagered)),
    profit: unitsToDecimalString(BigInt(row.paid) - BigInt(row.wagered)),
  }));
}
