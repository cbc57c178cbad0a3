import { afterEach, describe, expect, it } from 'vitest';
import { Hub } from '../../src/server/hub/hub';
import type { TestServer } from './hub-support';
import { RawClient, authenticate, startServer, waitFor } from './hub-support';

const servers: TestServer[] = [];
const raws: RawClient[] = [];

async function server(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const started = await startServer(options);
  servers.push(started);
  return started;
}

async function raw(wsUrl: string, options: Parameters<typeof RawClient.connect>[1] = {}): Promise<RawClient> {
  const client = await RawClient.connect(wsUrl, options);
  raws.push(client);
  return client;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What a client sees when the hub ends a connection. An orderly close is a WebSocket close frame
 * with code 1000 and no reason (the why, if any, travels in the hub's own close message); a dropped
 * connection gets no close frame at all, which the client sees as 1006.
 */
const ORDERLY = { code: 1000, reason: '' };
const DROPPED = { code: 1006, reason: '' };
const closeOf = (client: RawClient) => ({ code: client.closeCode, reason: client.closeReason });

afterEach(async () => {
  for (const client of raws.splice(0)) client.close();
  await Promise.all(servers.splice(0).map((started) => started.app.close()));
});

describe('hub wire behaviour, seen from a bare WebSocket', () => {
  it('should answer the handshake with an empty record', async () => {
    const { wsUrl } = await server();
    const client = await raw(wsUrl);
    expect(client.frames[0]).toBe('{}\x1e');
  });

  it('should refuse an unsupported protocol in the handshake response and close', async () => {
    const { app, wsUrl } = await server();
    const client = await raw(wsUrl, { handshake: { protocol: 'messagepack', version: 1 } });
    await waitFor(() => client.closed, 2_000, 'close');
    // The error goes in the handshake response, the only record the client gets.
    expect(client.records).toEqual([{ error: "The protocol 'messagepack' is not supported." }]);
    expect(closeOf(client)).toEqual(ORDERLY);
    expect(app.hub.connectionCount()).toBe(0);
  });

  it('should send pings while nothing else is sent', async () => {
    const { wsUrl } = await server({ keepAliveMs: 50 });
    const client = await raw(wsUrl);
    await waitFor(() => client.recordsOfType(6).length >= 3, 2_000, 'three pings');
    expect(client.recordsOfType(6)[0]).toEqual({ type: 6 });
  });

  it('should drop a client that goes silent after the handshake, and only after the timeout', async () => {
    const { app, wsUrl } = await server({ clientTimeoutMs: 1_000, keepAliveMs: 300 });
    // Timed from before the handshake goes out: the server hears it later, so its timeout ends later too.
    const started = Date.now();
    const silent = await raw(wsUrl);
    await sleep(300);
    expect(silent.closed).toBe(false);
    expect(app.hub.connectionCount()).toBe(1);
    await waitFor(() => silent.closed, 3_000, 'silent client dropped');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(app.hub.connectionCount()).toBe(0);
    // allowReconnect: a client that was only throttled (a background tab) comes back.
    expect(silent.recordsOfType(7)).toEqual([
      { type: 7, error: 'Server timeout elapsed without receiving a message from the client.', allowReconnect: true },
    ]);
    expect(closeOf(silent)).toEqual(ORDERLY);
  });

  it('should drop a socket that never sends the handshake', async () => {
    const { wsUrl } = await server({ clientTimeoutMs: 200, keepAliveMs: 100 });
    const WebSocket = (await import('ws')).default;
    const ws = new WebSocket(wsUrl);
    const messages: string[] = [];
    ws.on('message', (data) => messages.push(String(data)));
    const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString('utf8') })));
    ws.on('error', () => {});
    // Closed by the hub with a close frame, not cut off, and with nothing said: there is no connection yet to say it on.
    expect(await closed).toEqual(ORDERLY);
    expect(messages).toEqual([]);
  });

  it('should join the broadcasts of one turn into one frame', async () => {
    const { app, wsUrl } = await server();
    const client = await raw(wsUrl);
    const framesBefore = client.frames.length;
    for (let i = 0; i < 100; i++) app.hub.broadcast('bet', { id: i });
    await waitFor(() => client.invocations('bet').length === 100, 2_000, '100 bets');
    expect(client.frames.length - framesBefore).toBe(1);
    expect(client.invocations('bet').map(([payload]) => (payload as { id: number }).id)).toEqual(
      Array.from({ length: 100 }, (_, i) => i),
    );

    // Control: broadcasts in separate turns are separate frames.
    for (let i = 0; i < 3; i++) {
      app.hub.broadcast('bet', { id: 100 + i });
      await sleep(5);
    }
    await waitFor(() => client.invocations('bet').length === 103, 2_000, '3 more bets');
    expect(client.frames.length - framesBefore).toBe(4);
  });

  it('should answer an invocation of an unknown method with an error completion', async () => {
    const { wsUrl } = await server();
    const client = await raw(wsUrl);
    client.send({ type: 1, invocationId: '7', target: 'explode', arguments: [] });
    client.send({ type: 1, target: 'fireAndForget', arguments: [] });
    client.send({ type: 4, invocationId: '8', target: 'stream', arguments: [] });
    await waitFor(() => client.recordsOfType(3).length === 2, 2_000, 'completions');
    expect(client.recordsOfType(3)).toEqual([
      { type: 3, invocationId: '7', error: "Unknown hub method 'explode'." },
      { type: 3, invocationId: '8', error: "Unknown hub method 'stream'." },
    ]);
    expect(client.closed).toBe(false);
  });

  it('should close a client that sends something that is not a hub message, without reconnect', async () => {
    const { wsUrl } = await server();
    const client = await raw(wsUrl);
    client.ws.send('not json\x1e');
    await waitFor(() => client.closed, 2_000, 'close');
    expect(client.recordsOfType(7)).toEqual([{ type: 7, error: 'Invalid message.', allowReconnect: false }]);
    expect(closeOf(client)).toEqual(ORDERLY);
  });

  it('should send a close message with allowReconnect when the server shuts down', async () => {
    const { app, wsUrl } = await startServer();
    const client = await raw(wsUrl);
    const closing = app.close();
    await waitFor(() => client.recordsOfType(7).length === 1, 2_000, 'close message');
    expect(client.recordsOfType(7)[0]).toEqual({ type: 7, allowReconnect: true });
    await closing;
    expect(client.closed).toBe(true);
    expect(closeOf(client)).toEqual(ORDERLY);
  });

  it('should drop a client that stops reading once its queue passes the cap, and keep the others', async () => {
    const maxQueuedBytes = 256 * 1024;
    const { app, wsUrl } = await server({ maxQueuedBytes });
    const slow = await raw(wsUrl);
    const healthy = await raw(wsUrl);
    // Stops reading: the kernel buffers fill, then ws.bufferedAmount grows on the server.
    (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();

    const payload = 'x'.repeat(16 * 1024);
    let sent = 0;
    // Bounded: 4,000 x 16 KiB is far more than loopback kernel buffers hold.
    while (app.hub.connectionCount() === 2 && sent < 4_000) {
      app.hub.broadcast('bet', { sent, payload });
      sent++;
      await sleep(1);
    }
    expect(app.hub.connectionCount()).toBe(1);
    await waitFor(() => healthy.invocations('bet').length === sent, 5_000, 'healthy client catches up');
    expect(healthy.closed).toBe(false);
  });

  it('should drop a client whose queue passes the cap within a single turn', async () => {
    const { app, wsUrl } = await server({ maxQueuedBytes: 64 * 1024 });
    const client = await raw(wsUrl);
    const payload = 'y'.repeat(1024);
    for (let i = 0; i < 100; i++) app.hub.broadcast('bet', { payload });
    await waitFor(() => client.closed, 2_000, 'drop');
    expect(app.hub.connectionCount()).toBe(0);
    // Cut off, not closed: no close message and no close frame, since a client this far behind could not read them.
    expect(client.invocations('bet')).toEqual([]);
    expect(client.recordsOfType(7)).toEqual([]);
    expect(closeOf(client)).toEqual(DROPPED);
  });

  it('should refuse a keep-alive that is not shorter than the client timeout', () => {
    // The official client only pings after hearing from the server, so this setup would drop everyone.
    expect(() => new Hub({ authenticate, keepAliveMs: 500, clientTimeoutMs: 500 })).toThrow(/keepAliveMs/);
    expect(() => new Hub({ authenticate, maxQueuedBytes: 0 })).toThrow(/maxQueuedBytes/);
  });
});
