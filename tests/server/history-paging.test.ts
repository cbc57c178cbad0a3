import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BETS_SQL } from '../../src/server/bets/record';
import { HISTORY_SQL } from '../../src/server/token/staking';
import { insertUser } from '../../src/server/users/repository';
import { signedInUser } from '../support/wallet';
import { call } from '../support/auth';
import { ENGINE, startTestServer } from '../support/server';
import type { Sql, SqlValue } from '../../src/server/db/sql';
import type { TestServer } from '../support/server';

interface Row {
  id: number;
}

describe('public histories: indexed and paged', () => {
  let server: TestServer;
  let token: string;
  const burnIds: number[] = [];
  const payoutIds: number[] = [];
  const stakingIds: number[] = [];
  const betIds: number[] = [];
  const myBetIds: number[] = [];
  const highRollerIds: number[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.app.db;
    const pager = await signedInUser(server, 'pager');
    const { user } = pager;
    token = pager.token;
    const other = (await insertUser(db, { userName: 'other', email: 'other@example.com', passwordHash: 'x' }))!;
    const at = new Date().toISOString();
    const id = async (tx: Sql, text: string, params: SqlValue[]) => (await tx.get<{ id: number }>(`${text} RETURNING id`, params))!.id;
    await db.transaction(async (tx) => {
      for (let i = 1; i <= 300; i += 1) {
        const owner = i % 2 === 0 ? user.id : other.id;
        const big = i % 5 === 0;
        const betId = await id(
          tx,
          `INSERT INTO bets (user_id, game, currency, wager, payout, outcome, wager_usd_cents, payout_usd_cents, created_at) VALUES (?, 'dice', 'BTC', 1000, 0, '{}', ?, 0, ?)`,
          [owner, big ? 25_000 : 100, at],
        );
        betIds.push(betId);
        if (owner === user.id) myBetIds.push(betId);
        if (big) highRollerIds.push(betId);
      }
    });
    for (const list of [betIds, myBetIds, highRollerIds]) list.reverse();
    await db.transaction(async (tx) => {
      await tx.run(`INSERT INTO staking_payout_runs (run_key, scheduled, ran_at) VALUES ('paging', 0, ?)`, [at]);
      // Burns among many other transfers, and one player's events among another's.
      for (let i = 1; i <= 1000; i += 1) {
        const kind = i % 4 === 0 ? 'burn' : 'bet';
        const transferId = await id(tx, 'INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES (?, ?, ?, NULL, ?)', ['ACC', i, kind, at]);
        if (kind === 'burn') burnIds.push(transferId);
        const owner = i % 3 === 0 ? user.id : other.id;
        const eventId = await id(tx, 'INSERT INTO staking_events (user_id, kind, amount, fee, created_at) VALUES (?, ?, ?, 0, ?)', [owner, 'lock', i, at]);
        if (owner === user.id) stakingIds.push(eventId);
        if (i <= 230) {
          payoutIds.push(
            await id(tx, `INSERT INTO staking_payouts (run_key, currency, amount, stakers, created_at) VALUES ('paging', 'BTC', ?, 1, ?)`, [i, at]),
          );
        }
      }
    });
    burnIds.reverse();
    stakingIds.reverse();
    payoutIds.reverse();
  });
  afterAll(async () => server.close());

  // SQLite's query plans (EXPLAIN QUERY PLAN): PostgreSQL plans differently and by statistics.
  it.skipIf(ENGINE === 'postgres')('should read every history through an index, never scanning the transfers table', async () => {
    const plan = async (text: string, ...args: SqlValue[]) =>
      (await server.app.db.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${text}`, args)).map((row) => row.detail).join(' | ');
    const burns = await plan(HISTORY_SQL.burns, 1_000_000, 100);
    expect(burns).not.toMatch(/SCAN/);
    expect(burns).toMatch(/SEARCH ledger_transfers USING (COVERING )?INDEX ledger_transfers_burns \(id<\?\)/);
    // The other transfers read by kind (mining's minted total, the bankroll's seeding, the ledger
    // check's shortfalls) each have a partial index, which a bet's transfers never enter.
    expect(await plan(`SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_transfers WHERE kind = 'mint' AND currency = ?`, 'ACC')).toMatch(/SEARCH ledger_transfers USING INDEX ledger_transfers_mints \(currency=\?\)/);
    expect(await plan(`SELECT 1 AS seeded FROM ledger_transfers WHERE kind = 'bankroll_seed' AND currency = ? LIMIT 1`, 'BTC')).toMatch(/SEARCH ledger_transfers USING (COVERING )?INDEX ledger_transfers_bankroll_seeds \(currency=\?\)/);
    expect(await plan(`SELECT currency, COUNT(*) AS count, SUM(amount) AS total FROM ledger_transfers WHERE kind = 'house_shortfall' GROUP BY currency ORDER BY currency`)).toMatch(/SCAN ledger_transfers USING INDEX ledger_transfers_house_shortfalls/);
    expect(await plan(HISTORY_SQL.payouts, 1_000_000, 100)).toMatch(/^SEARCH staking_payouts USING INTEGER PRIMARY KEY \(rowid<\?\)$/);
    expect(await plan(HISTORY_SQL.staking, 1, 1_000_000, 100)).toMatch(/^SEARCH staking_events USING INDEX staking_events_user \(user_id=\? AND id<\?\)$/);
    expect(await plan(BETS_SQL.latest, 1_000_000, 20)).toMatch(/^SEARCH b USING INTEGER PRIMARY KEY \(rowid<\?\) \| SEARCH u /);
    expect(await plan(BETS_SQL.player, 1, 1_000_000, 20)).toMatch(/SEARCH b USING INDEX bets_user \(user_id=\? AND id<\?\)/);
    expect(await plan(BETS_SQL.highRollers, 1_000_000, 20)).toMatch(/^SEARCH b USING INDEX bets_high_roller \(id<\?\) \| SEARCH u /);
    expect([await plan(BETS_SQL.latest, 1, 2), await plan(BETS_SQL.player, 1, 2, 3), await plan(BETS_SQL.highRollers, 1, 2)].join(' | ')).not.toMatch(/SCAN/);
  });

  async function allPages(route: string, key: string, limit: number, auth?: string) {
    const pages: number[][] = [];
    let before: number | null = null;
    for (;;) {
      const query: string = `?limit=${limit}${before === null ? '' : `&before=${before}`}`;
      const answer = await call<Record<string, unknown>>(server, `${route}${query}`, undefined, auth ? { token: auth } : {});
      expect(answer.status).toBe(200);
      const ids = (answer.body[key] as Row[]).map((row) => row.id);
      pages.push(ids);
      if (ids.length < limit || pages.length > 50) return pages;
      before = ids.at(-1) ?? null;
    }
  }

  it.each([
    ['/token/get-burn-history', 'burnHistory', () => burnIds, false],
    ['/token/get-payout-history', 'payoutHistory', () => payoutIds, false],
    ['/token/get-staking-history', 'stakingHistory', () => stakingIds, true],
  ] as const)('should page %s into disjoint consecutive pages, the first as before', async (route, key, expected, signed) => {
    const auth = signed ? token : undefined;
    const first = await call<Record<string, unknown>>(server, route, undefined, auth ? { token: auth } : {});
    // Without parameters: the newest 100, what the SPA shows.
    expect((first.body[key] as Row[]).map((row) => row.id)).toEqual(expected().slice(0, 100));
    const pages = await allPages(route, key, 40, auth);
    for (const page of pages.slice(0, -1)) expect(page).toHaveLength(40);
    const flat = pages.flat();
    expect(new Set(flat).size).toBe(flat.length);
    expect(flat).toEqual(expected());
  });

  it('should page each bets feed below the same id, the first page being the newest 20 as before', async () => {
    const first = await call<Record<string, Row[]>>(server, '/casino/get-bets', undefined, { token });
    expect(first.body.latestBets!.map((b) => b.id)).toEqual(betIds.slice(0, 20));
    expect(first.body.myBets!.map((b) => b.id)).toEqual(myBetIds.slice(0, 20));
    expect(first.body.highrollerBets!.map((b) => b.id)).toEqual(highRollerIds.slice(0, 20));
    for (const [key, expected] of [
      ['latestBets', betIds],
      ['myBets', myBetIds],
      ['highrollerBets', highRollerIds],
    ] as const) {
      const seen: number[] = [];
      let before: number | null = null;
      for (let pages = 0; pages < 20; pages += 1) {
        const query: string = `?limit=25${before === null ? '' : `&before=${before}`}`;
        const ids = (await call<Record<string, Row[]>>(server, `/casino/get-bets${query}`, undefined, { token })).body[key]!.map((b) => b.id);
        seen.push(...ids);
        if (ids.length < 25) break;
        before = ids.at(-1)!;
      }
      expect(new Set(seen).size, key).toBe(seen.length);
      expect(seen, key).toEqual(expected);
    }
  });

  it('should refuse a bad page with a 400', async () => {
    for (const route of ['/token/get-burn-history', '/casino/get-bets']) {
      for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=-1', '?before=0', '?before=1e3', '?page=2']) {
        const answer = await call(server, `${route}${query}`);
        expect(answer.status, route + query).toBe(400);
        expect(answer.body).toMatchObject({ error: 'bad_request' });
      }
    }
  });
});
