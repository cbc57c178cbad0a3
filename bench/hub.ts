// Live hub fan-out benchmark. Run: npx tsx bench/hub.ts
//
// The server (our hub, and a plain `ws` server as the baseline) runs in this process; the
// clients run in a forked child process, so they get their own core and the memory figures
// below are the server's alone. The clients are bare `ws` sockets; for the hub each one does the
// SignalR JSON handshake (skipNegotiation style) and then counts invocation records. The real
// @microsoft/signalr client is exercised by tests/server/hub.test.ts, not here: 500 of them in
// one process would measure the client's JSON parsing rather than the server.
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import WebSocket, { WebSocketServer } from 'ws';
import hubPlugin from '../src/server/hub/plugin';

const CLIENTS = 500;
const IDLE_CLIENTS = 1_000;
const MESSAGES = 1_000;
const BURSTS = [1, 20];
const DELIVERY_TIMEOUT_MS = 60_000;
const RS = '\x1e';

type ToChild =
  | { cmd: 'connect'; url: string; count: number; handshake: boolean }
  | { cmd: 'expect'; total: number }
  | { cmd: 'close' };
type Ack = 'connected' | 'armed' | 'received' | 'closed';
type ToParent = { ok: Ack } | { error: string };

// ---------------------------------------------------------------- client process

function runClients(): void {
  let sockets: WebSocket[] = [];
  let received = 0;
  let expected = Infinity;
  const reply = (message: ToParent): void => {
    process.send?.(message);
  };
  const count = (text: string): void => {
    // Only invocations count: the handshake reply and pings are not deliveries.
    let at = text.indexOf('"type":1,');
    while (at !== -1) {
      received++;
      at = text.indexOf('"type":1,', at + 9);
    }
    if (received >= expected) {
      expected = Infinity;
      reply({ ok: 'received' });
    }
  };
  const open = (url: string, handshake: boolean): Promise<WebSocket> =>
    new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      ws.on('error', reject);
      ws.on('open', () => {
        if (!handshake) resolve(ws);
        else ws.send(JSON.stringify({ protocol: 'json', version: 1 }) + RS);
      });
      let first = true;
      ws.on('message', (data: Buffer) => {
        const text = data.toString('utf8');
        if (first && handshake) {
          first = false;
          resolve(ws);
          return;
        }
        count(text);
      });
    });
  process.on('message', (message: ToChild) => {
    void (async () => {
      try {
        if (message.cmd === 'connect') {
          // In batches, so the listen backlog never overflows.
          for (let i = 0; i < message.count; i += 100) {
            const batch = Math.min(100, message.count - i);
            sockets.push(...(await Promise.all(Array.from({ length: batch }, () => open(message.url, message.handshake)))));
          }
          reply({ ok: 'connected' });
        } else if (message.cmd === 'expect') {
          received = 0;
          expected = message.total;
          reply({ ok: 'armed' });
        } else {
          await Promise.all(
            sockets.map((ws) =>
              ws.readyState === WebSocket.CLOSED
                ? undefined
                : new Promise<void>((resolve) => {
                    ws.once('close', () => resolve());
                    ws.close();
                  }),
            ),
          );
          sockets = [];
          reply({ ok: 'closed' });
        }
      } catch (error) {
        reply({ error: String(error) });
      }
    })();
  });
}

// ---------------------------------------------------------------- server process

class Clients {
  private readonly child: ChildProcess;
  constructor() {
    // fork() reuses this process's execArgv: the child runs as this process does (tsx, or npm run bench's bundle).
    this.child = fork(fileURLToPath(import.meta.url), ['clients']);
  }
  request(message: ToChild, until: Ack): Promise<void> {
    const reply = this.wait(until);
    this.child.send(message);
    return reply;
  }
  wait(until: Ack): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.child.off('message', onMessage);
        reject(new Error(`clients: no '${until}' within ${DELIVERY_TIMEOUT_MS} ms`));
      }, DELIVERY_TIMEOUT_MS);
      const onMessage = (reply: ToParent): void => {
        if (!('error' in reply) && reply.ok !== until) return;
        clearTimeout(timer);
        this.child.off('message', onMessage);
        if ('error' in reply) reject(new Error(reply.error));
        else resolve();
      };
      this.child.on('message', onMessage);
    });
  }
  kill(): void {
    this.child.kill();
  }
}

const bet = {
  id: 0,
  gameName: 'dice',
  playerName: 'satoshi',
  wager: '1250000',
  currency: 'BTC',
  multiplier: 1.98,
  payout: '2475000',
};

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function measure(clients: Clients, burst: number, send: (id: number) => void): Promise<number> {
  // Armed before the first send, so no delivery can race the reset of the counter.
  await clients.request({ cmd: 'expect', total: MESSAGES * CLIENTS }, 'armed');
  const done = clients.wait('received');
  const started = performance.now();
  for (let id = 0; id < MESSAGES; ) {
    for (let i = 0; i < burst && id < MESSAGES; i++, id++) send(id);
    await nextTurn();
  }
  await done;
  return (MESSAGES * CLIENTS) / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  // Whatever goes wrong, the benchmark ends by itself.
  setTimeout(() => {
    console.error('bench/hub: gave up after 3 minutes');
    process.exit(1);
  }, 180_000).unref();
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const clients = new Clients();
  const app = Fastify();
  const plainHttp = createServer();
  const plain = new WebSocketServer({ server: plainHttp, perMessageDeflate: false });
  try {
    await app.register(hubPlugin, {
      path: '/api/socket',
      authenticate: async () => null,
      // No pings during the run, so only bets are counted and timed.
      keepAliveMs: 600_000,
      clientTimeoutMs: 1_200_000,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const hubUrl = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/socket`;
    await new Promise<void>((resolve) => plainHttp.listen(0, '127.0.0.1', resolve));
    const plainUrl = `ws://127.0.0.1:${(plainHttp.address() as AddressInfo).port}/`;

    // Memory first, while the heap holds nothing but the idle server.
    gc();
    const before = process.memoryUsage();
    await clients.request({ cmd: 'connect', url: hubUrl, count: IDLE_CLIENTS, handshake: true }, 'connected');
    await new Promise<void>((resolve) => setTimeout(resolve, 500));
    gc();
    const after = process.memoryUsage();
    const connected = app.hub.connectionCount();
    await clients.request({ cmd: 'close' }, 'closed');
    const rss = after.rss - before.rss;
    const heap = after.heapUsed - before.heapUsed;
    console.log(
      `memory with ${connected} idle hub connections: RSS +${mib(rss)} MiB, heap +${mib(heap)} MiB ` +
        `(~${Math.round(heap / IDLE_CLIENTS)} B heap and ~${Math.round(rss / IDLE_CLIENTS)} B RSS per connection)`,
    );

    console.log(`fan-out: ${CLIENTS} clients, ${MESSAGES} bet events each (~${JSON.stringify(bet).length} B of JSON)`);
    for (const burst of BURSTS) {
      await clients.request({ cmd: 'connect', url: hubUrl, count: CLIENTS, handshake: true }, 'connected');
      const hubRate = await measure(clients, burst, (id) => app.hub.broadcast('bet', { ...bet, id }));
      await clients.request({ cmd: 'close' }, 'closed');

      await clients.request({ cmd: 'connect', url: plainUrl, count: CLIENTS, handshake: false }, 'connected');
      const plainRate = await measure(clients, burst, (id) => {
        // The same record the hub sends, as one frame per event: the naive broadcast loop.
        const frame = JSON.stringify({ type: 1, target: 'bet', arguments: [{ ...bet, id }] }) + RS;
        for (const ws of plain.clients) ws.send(frame);
      });
      await clients.request({ cmd: 'close' }, 'closed');
      console.log(
        `  ${String(burst).padStart(2)} event(s) per turn: hub ${fmt(hubRate)} deliveries/s   plain ws ${fmt(plainRate)} deliveries/s`,
      );
    }
  } finally {
    clients.kill();
    await app.close();
    plain.close();
    await new Promise<void>((resolve) => plainHttp.close(() => resolve()));
  }
}

function fmt(rate: number): string {
  return Math.round(rate).toLocaleString('en-US').padStart(10);
}

function mib(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

// Last, so every class and constant above is initialised before either role starts.
if (process.argv[2] === 'clients') {
  runClients();
} else {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
