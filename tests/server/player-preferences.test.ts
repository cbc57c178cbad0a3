import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { createPlayer, fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/** Issue 20: the player's preferences (shortcuts, instant mode, reality checks) and the session summary a reality check shows. */

interface PreferencesReply {
  preferences: { keyboardShortcuts: boolean; instantMode: boolean; realityCheckMinutes: number };
  instantModeAllowed: boolean;
}
interface Summary {
  startedAt: string;
  now: string;
  results: Array<{ currency: string; bets: number; wagered: string; profit: string }>;
}

const DEFAULTS = { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 0 };

const storedRow = (server: TestServer, player: Player) =>
  server.app.db.get('SELECT keyboard_shortcuts, instant_mode, reality_check_minutes FROM player_preferences WHERE user_id = ?', [player.id]);

describe('player preferences', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('gives a new player the defaults, and keeps each change while leaving the other preferences as they were', async () => {
    const player = await createPlayer(server);
    expect((await player.call('GET', '/auth/get-preferences')).body).toEqual({ preferences: DEFAULTS, instantModeAllowed: true });

    const first = await player.call('POST', '/auth/set-preferences', { realityCheckMinutes: 30 });
    expect(first.status).toBe(200);
    expect((first.body as PreferencesReply).preferences).toEqual({ ...DEFAULTS, realityCheckMinutes: 30 });
    const second = await player.call('POST', '/auth/set-preferences', { keyboardShortcuts: false, instantMode: true });
    expect((second.body as PreferencesReply).preferences).toEqual({ keyboardShortcuts: false, instantMode: true, realityCheckMinutes: 30 });
    // Read again, as another device of the player would.
    expect((await player.call('GET', '/auth/get-preferences')).body).toEqual({
      preferences: { keyboardShortcuts: false, instantMode: true, realityCheckMinutes: 30 },
      instantModeAllowed: true,
    });
    // Another player's stay their own.
    const other = await createPlayer(server);
    expect(((await other.call('GET', '/auth/get-preferences')).body as PreferencesReply).preferences).toEqual(DEFAULTS);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const player = await createPlayer(server);
    await player.call('POST', '/auth/set-preferences', { realityCheckMinutes: 15 });
    const before = await storedRow(server, player);
    const bad: unknown[] = [
      { realityCheckMinutes: 45 },
      { realityCheckMinutes: '15' },
      { keyboardShortcuts: 'no' },
      { keyboardShortcuts: false, colour: 'red' },
      {},
      'not json',
    ];
    for (const body of bad) {
      const reply = await player.call('POST', '/auth/set-preferences', body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect((reply.body as { message: string }).message, JSON.stringify(body)).toMatch(/\w/);
    }
    expect((await player.call('POST', '/auth/set-preferences', {})).body).toMatchObject({
      message: 'Nothing to change: send keyboardShortcuts, instantMode or realityCheckMinutes.',
    });
    expect(await storedRow(server, player)).toEqual(before);
  });

  it('answers a visitor with 401 and stores nothing', async () => {
    const rows = () => server.app.db.get<{ n: unknown }>('SELECT COUNT(*) AS n FROM player_preferences').then((row) => Number(row?.n));
    const before = await rows();
    for (const [method, path] of [['GET', '/auth/get-preferences'], ['POST', '/auth/set-preferences'], ['GET', '/casino/get-session-summary']] as const) {
      const response = await fetch(`${server.url}/api${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { body: JSON.stringify({ instantMode: true }) } : {}),
      });
      expect(response.status, path).toBe(401);
    }
    expect(await rows()).toBe(before);
  });

  it("sums this session's bets per currency played, with the session's start and the server's time", async () => {
    const player = await fundedPlayer(server, 'USDT');
    const empty = (await player.call('GET', '/casino/get-session-summary')).body as Summary;
    expect(empty.results).toEqual([]);
    expect(Date.parse(empty.startedAt)).toBeLessThanOrEqual(Date.parse(empty.now));
    expect(Date.parse(empty.now) - Date.parse(empty.startedAt)).toBeLessThan(60_000);

    let net = 0;
    for (let i = 0; i < 5; i++) {
      const reply = await player.call('POST', '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'over' });
      expect(reply.status).toBe(200);
      const { bet } = reply.body as { bet: { wager: number; payout: number } };
      net += Math.round((bet.payout - bet.wager) * 1e8);
    }
    const summary = (await player.call('GET', '/casino/get-session-summary')).body as Summary;
    expect(summary.startedAt).toBe(empty.startedAt);
    expect(summary.results).toEqual([{ currency: 'USDT', bets: 5, wagered: '5.00000000', profit: (net / 1e8).toFixed(8) }]);
  });
});

describe('player preferences where the operator turned instant mode off (INSTANT_MODE=off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ instantMode: false });
  });
  afterAll(async () => server.close());

  it('reads instant mode as off, refuses to turn it on, and keeps the other preferences', async () => {
    const player = await createPlayer(server);
    // Stored on while the operator still allowed it.
    await server.app.db.run(
      "INSERT INTO player_preferences (user_id, keyboard_shortcuts, instant_mode, reality_check_minutes, updated_at) VALUES (?, 1, 1, 60, '2026-01-01T00:00:00.000Z')",
      [player.id],
    );
    expect((await player.call('GET', '/auth/get-preferences')).body).toEqual({
      preferences: { keyboardShortcuts: true, instantMode: false, realityCheckMinutes: 60 },
      instantModeAllowed: false,
    });
    const refused = await player.call('POST', '/auth/set-preferences', { instantMode: true, realityCheckMinutes: 15 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: 'Instant mode is not available on this casino.' });
    expect(((await player.call('GET', '/auth/get-preferences')).body as PreferencesReply).preferences.realityCheckMinutes).toBe(60);
    const allowed = await player.call('POST', '/auth/set-preferences', { instantMode: false, keyboardShortcuts: false });
    expect(allowed.status).toBe(200);
    expect((allowed.body as PreferencesReply).preferences).toEqual({ keyboardShortcuts: false, instantMode: false, realityCheckMinutes: 60 });
  });
});
