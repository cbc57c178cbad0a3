import type { Migration } from '../db/migrations';

/**
 * The measured RTP's running sums (issue 23; ids 420–429, in the live feed's range). One row per game
 * and shard, added to in each bet's transaction (rtp/totals.ts): a bet takes the row of its id modulo
 * RTP_SHARDS, so that on PostgreSQL two bets of one game rarely wait on the same row. Money sums are
 * whole US cents as the bets table holds them; the squares and the theoretical sum are floating point
 * (statistics, never a balance).
 */
export const rtpMigrations: Migration[] = [
  {
    id: 420,
    name: 'running sums of the measured RTP per game',
    // The bets already played count with their game's usual RTP (dice 98.99%, mines 99%, blackjack
    // 99.49%, baccarat banker 98.94%): the outcome column's details are not read back in SQL.
    sql: `
      CREATE TABLE rtp_totals (
        game TEXT NOT NULL,
        shard INTEGER NOT NULL,
        bets INTEGER NOT NULL,
        wagered INTEGER NOT NULL,
        paid INTEGER NOT NULL,
        wagered2 REAL NOT NULL,
        paid2 REAL NOT NULL,
        wagered_paid REAL NOT NULL,
        theoretical REAL NOT NULL,
        PRIMARY KEY (game, shard)
      );
      INSERT INTO rtp_totals (game, shard, bets, wagered, paid, wagered2, paid2, wagered_paid, theoretical)
        SELECT game, 0, COUNT(*), SUM(wager_usd_cents), SUM(payout_usd_cents),
          SUM(CAST(wager_usd_cents AS REAL) * wager_usd_cents), SUM(CAST(payout_usd_cents AS REAL) * payout_usd_cents),
          SUM(CAST(wager_usd_cents AS REAL) * payout_usd_cents),
          SUM(CAST(wager_usd_cents AS REAL) * CASE game WHEN 'Dice' THEN 0.9899 WHEN 'Mines' THEN 0.99 WHEN 'Blackjack' THEN 0.9949 ELSE 0.9894 END)
        FROM bets GROUP BY game;
      CREATE INDEX bets_game ON bets (game, id);
    `,
  },
];
