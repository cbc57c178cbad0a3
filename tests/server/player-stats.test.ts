import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';
import { fundedPlayer } from '../support/wallet';
import type { Player } from '../support/wallet';

/** Issue 20: the live statistics panel's figures, from the bets table: this session and all time, per currency. */

interface Totals {
  bets: number;
  wagered: string;
  profit: string;
  wins: number;
  losses: number;
}
interface Stats {
  currency: string;
  session: Totals;
  allTime: Totals;
  recent: string[];
}
interface DiceAnswer {
  bet: { wager: number; payout: number; win: boolean };
}

describe('player statistics', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  const stats = async (player: Player, currency: string) => {
    const reply = await player.call('GET', `/casino/get-stats?currency=${currency}`);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body as Stats;
  };

  it('counts the bets, stake, profit, wins and losses of a currency as the bets answered them, newest profit last', async () => {
    const player = await fundedPlayer(server, 'USDT');
    const bets: DiceAnswer[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await player.call('POST', '/dice/bet', { betAmount: '0.5', currency: 'USDT', chance: 50, target: 'over' });
      expect(reply.status).toBe(200);
      bets.push(reply.body as DiceAnswer);
    }
    const wins = bets.filter((b) => b.bet.win).length;
    const profits = bets.map((b) => Math.round((b.bet.payout - b.bet.wager) * 1e8));
    const total = profits.reduce((a, b) => a + b, 0);
    const got = await stats(player, 'usdt');
    expect(got.currency).toBe('USDT');
    expect(got.allTime).toEqual({ bets: 12, wagered: '6.00000000', profit: (total / 1e8).toFixed(8), wins, losses: 12 - wins });
    expect(got.session).toEqual(got.allTime);
    expect(got.recent.map((p) => Math.round(Number(p) * 1e8))).toEqual(profits);
    // Another currency holds none of them.
    expect((await stats(player, 'BTC')).allTime).toEqual({ bets: 0, wagered: '0.00000000', profit: '0.00000000', wins: 0, losses: 0 });
  });

  it("counts in this session only the bets since its sign-in, and all time's across sessions", async () => {
    const player = await fundedPlayer(server, 'USDT');
    expect((await player.call('POST', '/dice/bet', { betAmount: '1', currency: 'USDT', chance: 50, target: 'over' })).status).toBe(200);
    // A second sign-in of the same player, a moment later: a new session.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const sessionId = await server.app.db.transaction((tx) => server.app.auth.openSession(tx, player.id));
    const token = await server.app.auth.issueAccessToken(player.id, sessionId);
    const later: Player = {
      ...player,
      token,
      call: async (method, path, body) => {
        const response = await fetch(`${server.url}/api${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
      },
    };
    expect((await later.call('POST', '/dice/bet', { betAmount: '2', currency: 'USDT', chance: 50, target: 'over' })).status).toBe(200);
    const now = await stats(later, 'USDT');
    expect(now.session.bets).toBe(1);
    expect(now.session.wagered).toBe('2.00000000');
    expect(now.allTime.bets).toBe(2);
    expect(now.allTime.wagered).toBe('3.00000000');
    expect((await stats(player, 'USDT')).session.bets).toBe(2);
  });

  it('refuses an unknown currency with a clear message, and a visitor', async () => {
    const player = await fundedPlayer(server, 'USDT');
    const unknown = await player.call('GET', '/casino/get-stats?currency=XYZ');
    expect(unknown.status).toBe(400);
    expect((unknown.body as { message: string }).message).toBe('Unknown currency "XYZ"');
    expect((await player.call('GET', '/casino/get-stats')).status).toBe(400);
    expect((await fetch(`${server.url}/api/casino/get-stats?currency=USDT`)).status).toBe(401);
  });
});
