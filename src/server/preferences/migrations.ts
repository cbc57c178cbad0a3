import type { Migration } from '../db/migrations';

/** The player's preferences (issue 20); ids 160-169. A player without a row has the defaults. */
export const preferencesMigrations: Migration[] = [
  {
    id: 160,
    name: 'player preferences: keyboard shortcuts, instant mode, reality check interval',
    sql: `
      CREATE TABLE player_preferences (
        user_id INTEGER NOT NULL PRIMARY KEY REFERENCES users (id),
        keyboard_shortcuts INTEGER NOT NULL CHECK (keyboard_shortcuts IN (0, 1)),
        instant_mode INTEGER NOT NULL CHECK (instant_mode IN (0, 1)),
        reality_check_minutes INTEGER NOT NULL CHECK (reality_check_minutes IN (0, 15, 30, 60, 120)),
        updated_at TEXT NOT NULL
      );
    `,
  },
];
