import { afterEach, describe, expect, it } from 'vitest';
import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import type { HubConnection } from '@microsoft/signalr';
import WebSocket, { WebSocketServer } from 'ws';
import type { TestServer } from './hub-support';
import { RawClient, nextEvent, signalr, startServer, upgradeStatus, waitFor } from './hub-support';

const servers: TestServer[] = [];
const clients: HubConnection[] = [];

async function server(options: Parameters<typeof startServer>[0] = {}, port?: number): Promise<TestServer> {
  const started = await startServer(options, port);
  servers.push(started);
  return started;
}

async function connected(url: string, token?: string, extra = {}): Promise<HubConnection> {
  const connection = signalr(url, token, extra);
  clients.push(connection);
  await connection.start();
  return connection;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((connection) => connection.stop()));
  await Promise.all(servers.splice(0).map((started) => started.app.close()));
});

const bet = {
  id: 17,
  gameName: 'dice',
  playerName: 'player1',
  wager: '100000000',
  currency: 'BTC',
  multiplier: 2,
  payout: '200000000',
};

describe('hub with the official SignalR client', () => {
  it('should deliver a bet broadcast to anonymous visitors and signed-in players alike', async () => {
    const { app, httpUrl } = await server();
    const visitor = await connected(httpUrl);
    const player = await connected(httpUrl, 'token-1');
    expect(app.hub.connectionCount()).toBe(2);

    const received = Promise.all([nextEvent(visitor, 'bet'), nextEvent(player, 'bet')]);
    app.hub.broadcast('bet', bet);
    expect(await received).toEqual([[bet], [bet]]);
  });

  it('should send a deposit only to the connections of that user', async () => {
    const { app, httpUrl } = await server();
    const firstTab = await connected(httpUrl, 'token-1');
    const secondTab = await connected(httpUrl, 'token-1');
    const otherPlayer = await connected(httpUrl, 'token-2');
    const visitor = await connected(httpUrl);
    const strayDeposits: unknown[] = [];
    otherPlayer.on('deposit', (...args: unknown[]) => strayDeposits.push(args));
    visitor.on('deposit', (...args: unknown[]) => strayDeposits.push(args));

    const deposits = Promise.all([nextEvent(firstTab, 'deposit'), nextEvent(secondTab, 'deposit')]);
    // Messages keep their order per connection, so once the marker broadcast arrives any
    // deposit meant for the other connections would already have arrived too.
    const markers = Promise.all([nextEvent(otherPlayer, 'bet'), nextEvent(visitor, 'bet')]);
    app.hub.sendToUser(1, 'deposit', { amount: '5000', currency: 'ETH' });
    app.hub.sendToUser(99, 'deposit', { amount: '1', currency: 'ETH' });
    app.hub.broadcast('bet', bet);

    expect(await deposits).toEqual([[{ amount: '5000', currency: 'ETH' }], [{ amount: '5000', currency: 'ETH' }]]);
    await markers;
    expect(strayDeposits).toEqual([]);
  });

  it('should refuse an invalid token on negotiate and on the WebSocket upgrade', async () => {
    const { app, httpUrl, wsUrl } = await server();
    const connection = signalr(httpUrl, 'forged');
    await expect(connection.start()).rejects.toThrow(/401/);

    const negotiate = await fetch(`${httpUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer forged' },
    });
    expect(negotiate.status).toBe(401);
    expect(await upgradeStatus(`${wsUrl}?access_token=forged`)).toBe(401);
    expect(await upgradeStatus(wsUrl, { authorization: 'Bearer forged' })).toBe(401);
    expect(await upgradeStatus(`${wsUrl}?access_token=token-3`)).toBe(101);
    expect(app.hub.connectionCount()).toBe(0);
  });

  it('should answer negotiate with a connection token that opens exactly one WebSocket of the same user', async () => {
    const { httpUrl, wsUrl } = await server();
    const response = await fetch(`${httpUrl}/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { authorization: 'Bearer token-4' },
    });
    const body = (await response.json()) as { negotiateVersion: number; connectionToken: string; availableTransports: unknown };
    expect(body.negotiateVersion).toBe(1);
    expect(body.availableTransports).toEqual([{ transport: 'WebSockets', transferFormats: ['Text'] }]);

    const id = encodeURIComponent(body.connectionToken);
    expect(await upgradeStatus(`${wsUrl}?id=${id}&access_token=token-5`)).toBe(403);
    expect(await upgradeStatus(`${wsUrl}?id=${id}&access_token=token-4`)).toBe(101);
    expect(await upgradeStatus(`${wsUrl}?id=${id}&access_token=token-4`)).toBe(404);
  });

  it('should work with skipNegotiation over WebSockets, token in the Authorization header', async () => {
    const { app, httpUrl } = await server();
    const player = await connected(httpUrl, 'token-7', { skipNegotiation: true, transport: HttpTransportType.WebSockets });
    const deposit = nextEvent(player, 'deposit');
    app.hub.sendToUser(7, 'deposit', { amount: '1', currency: 'BTC' });
    expect(await deposit).toEqual([{ amount: '1', currency: 'BTC' }]);
  });

  it('should take the token from access_token in the query, as a browser sends it', async () => {
    const { app, wsUrl } = await server();
    const raw = await RawClient.connect(wsUrl, { token: 'token-8' });
    app.hub.sendToUser(8, 'deposit', { amount: '2', currency: 'LTC' });
    await waitFor(() => raw.invocations('deposit').length === 1);
    expect(raw.invocations('deposit')).toEqual([[{ amount: '2', currency: 'LTC' }]]);
    raw.close();
  });

  it('should answer an unknown hub method with an error completion and stay connected', async () => {
    const { app, httpUrl } = await server();
    const connection = await connected(httpUrl);
    await expect(connection.invoke('placeBet', 1)).rejects.toThrow(/Unknown hub method 'placeBet'/);
    await connection.send('noSuchMethod');
    const event = nextEvent(connection, 'bet');
    app.hub.broadcast('bet', bet);
    expect(await event).toEqual([bet]);
    expect(connection.state).toBe(HubConnectionState.Connected);
  });

  it('should send bigint amounts as decimal strings', async () => {
    const { app, httpUrl } = await server();
    const connection = await connected(httpUrl, 'token-1');
    const deposit = nextEvent(connection, 'deposit');
    app.hub.sendToUser(1, 'deposit', { amount: 12345678901234567890n, currency: 'BTC' });
    expect(await deposit).toEqual([{ amount: '12345678901234567890', currency: 'BTC' }]);
  });

  it('should keep a client that pings within the client timeout', async () => {
    const { app, httpUrl } = await server({ clientTimeoutMs: 500, keepAliveMs: 150 });
    const connection = new HubConnectionBuilder()
      .withUrl(httpUrl)
      .withKeepAliveInterval(50)
      .configureLogging(LogLevel.None)
      .build();
    clients.push(connection);
    await connection.start();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(app.hub.connectionCount()).toBe(1);
  });

  it('should close gracefully and let the client reconnect to a new server on the same port', async () => {
    const first = await startServer();
    const connection = new HubConnectionBuilder()
      .withUrl(first.httpUrl, { accessTokenFactory: () => 'token-1' })
      .withAutomaticReconnect([0, 100, 200, 300, 500, 500, 500, 500, 500, 500])
      .configureLogging(LogLevel.None)
      .build();
    clients.push(connection);
    let reconnecting: Error | undefined | 'not yet' = 'not yet';
    connection.onreconnecting((error) => {
      reconnecting = error;
    });
    const reconnected = new Promise<void>((resolve) => connection.onreconnected(() => resolve()));
    await connection.start();

    const closing = Date.now();
    await first.app.close();
    // Shutdown must not wait out the grace period: the client acknowledged the close message.
    expect(Date.now() - closing).toBeLessThan(1_500);
    expect(first.app.hub.connectionCount()).toBe(0);
    await waitFor(() => reconnecting !== 'not yet', 5_000, 'reconnecting');
    expect(connection.state).toBe(HubConnectionState.Reconnecting);

    const second = await server({}, first.port);
    await reconnected;
    expect(connection.state).toBe(HubConnectionState.Connected);
    const deposit = nextEvent(connection, 'deposit');
    second.app.hub.sendToUser(1, 'deposit', { amount: '3', currency: 'BTC' });
    expect(await deposit).toEqual([{ amount: '3', currency: 'BTC' }]);
  });

  it('should leave upgrades on other paths to their own handlers', async () => {
    const { app, port } = await server();
    const other = new WebSocketServer({ noServer: true });
    app.server.on('upgrade', (req, socket, head) => {
      if (req.url === '/other') other.handleUpgrade(req, socket, head, (ws) => ws.send('mine'));
    });
    const message = await new Promise<string>((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/other`);
      ws.on('message', (data: Buffer) => {
        resolve(data.toString());
        ws.close();
      });
      ws.on('error', reject);
    });
    expect(message).toBe('mine');
    expect(app.hub.connectionCount()).toBe(0);
    other.close();
  });
});
