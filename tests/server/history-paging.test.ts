import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_SQL } from '../../src/server/token/staking';
import { insertUser } from '../../src/server/users/repository';
import { call } from '../support/auth';
import { startTestServer } from '../support/server';
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

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.app.db;
    const user = insertUser(db, { userName: 'pager', email: 'pager@example.com', passwordHash: 'x' });
    token = server.app.auth.issueAccessToken(user.id, server.app.auth.openSession(user.id));
    const other = insertUser(db, { userName: 'other', email: 'other@example.com', passwordHash: 'x' });
    const at = new Date().toISOString();
    const transfer = db.prepare('INSERT INTO ledger_transfers (currency, amount, kind, ref, created_at) VALUES (?, ?, ?, NULL, ?)');
    const event = db.prepare('INSERT INTO staking_events (user_id, kind, amount, fee, created_at) VALUES (?, ?, ?, 0, ?)');
    db.prepare(`INSERT INTO staking_payout_runs (run_key, scheduled, ran_at) VALUES ('paging', 0, ?)`).run(at);
    const payout = db.prepare(`INSERT INTO staking_payouts (run_key, currency, amount, stakers, created_at) VALUES ('paging', 'BTC', ?, 1, ?)`);
    db.transaction(() => {
      // Burns among many other transfers, and one player's events among another's.
      for (let i = 1; i <= 1000; i += 1) {
        const kind = i % 4 === 0 ? 'burn' : 'bet';
        const id = Number(transfer.run('ACC', i, kind, at).lastInsertRowid);
        if (kind === 'burn') burnIds.push(id);
        const owner = i % 3 === 0 ? user.id : other.id;
        const eventId = Number(event.run(owner, 'lock', i, at).lastInsertRowid);
        if (owner === user.id) stakingIds.push(eventId);
        if (i <= 230) payoutIds.push(Number(payout.run(i, at).lastInsertRowid));
      }
    })();
    burnIds.reverse();
    stakingIds.reverse();
    payoutIds.reverse();
  });
  afterAll(async () => server.close());

  it('should read every history through an index, never scanning the transfers table', () => {
    const plan = (text: string, ...args: unknown[]) =>
      (server.app.db.prepare(`EXPLAIN QUERY PLAN ${text}`).all(...args) as Array<{ detail: string }>).map((row) => row.detail).join(' | ');
    const burns = plan(HISTORY_SQL.burns, 1_000_000, 100);
    expect(burns).not.toMatch(/SCAN/);
    expect(burns).toMatch(/SEARCH ledger_transfers USING (COVERING )?INDEX ledger_transfers_kind \(kind=\? AND id<\?\)/);
    expect(plan(HISTORY_SQL.payouts, 1_000_000, 100)).toMatch(/^SEARCH staking_payouts USING INTEGER PRIMARY KEY \(rowid<\?\)$/);
    expect(plan(HISTORY_SQL.staking, 1, 1_000_000, 100)).toMatch(/^SEARCH staking_events USING INDEX staking_events_user \(user_id=\? AND id<\?\)$/);
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

  it('should refuse a bad page with a 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=-1', '?before=0', '?before=1e3', '?page=2']) {
      const answer = await call(server, `/token/get-burn-history${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ error: 'bad_request' });
    }
  });
});
