import { HubConnectionBuilder, HttpTransportType, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../support/wallet';
import { startTestServer } from '../support/server';
import type { TestServer } from '../support/server';

/** The hub as the casino mounts it: /api/socket, authenticated by the players' access tokens. */
describe('live hub in the app', () => {
  let server: TestServer;
  const open: HubConnection[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await Promise.all(open.map((c) => c.stop()));
    await server.close();
  });

  function connect(token?: string) {
    const connection = new HubConnectionBuilder()
      .withUrl(`${server.url}/api/socket`, {
        transport: HttpTransportType.WebSockets,
        ...(token ? { accessTokenFactory: () => token } : {}),
      })
      .configureLogging(LogLevel.None)
      .build();
    open.push(connection);
    return connection;
  }

  const playerToken = (name: string) => signedInUser(server, name);

  it('should let a visitor and a player connect and send a deposit to that player only', async () => {
    const alice = await playerToken('alice');
    const bob = await playerToken('bob');
    const visitor = connect();
    const aliceConn = connect(alice.token);
    const bobConn = connect(bob.token);
    const got: Record<string, unknown[]> = { visitor: [], alice: [], bob: [] };
    visitor.on('deposit', (p) => got.visitor!.push(p));
    aliceConn.on('deposit', (p) => got.alice!.push(p));
    bobConn.on('deposit', (p) => got.bob!.push(p));
    const bets: unknown[] = [];
    visitor.on('bet', (p) => bets.push(p));
    await Promise.all([visitor.start(), aliceConn.start(), bobConn.start()]);

    server.app.hub.sendToUser(alice.user.id, 'deposit', { amount: 0.5, currency: 'BTC' });
    server.app.hub.broadcast('bet', { id: 1, gameName: 'Dice' });
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual({ visitor: [], alice: [{ amount: 0.5, currency: 'BTC' }], bob: [] });
    expect(bets).toEqual([{ id: 1, gameName: 'Dice' }]);
  });

  it('should refuse a token whose session has ended', async () => {
    const carol = await playerToken('carol');
    await server.app.db.run('UPDATE sessions SET ended_at = ? WHERE user_id = ?', [new Date().toISOString(), carol.user.id]);
    await expect(connect(carol.token).start()).rejects.toThrow(/401/);
  });
});
