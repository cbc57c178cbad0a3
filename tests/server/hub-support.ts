import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { HubConnectionBuilder, LogLevel } from '@microsoft/signalr';
import type { HubConnection, IHttpConnectionOptions } from '@microsoft/signalr';
import WebSocket from 'ws';
import hubPlugin from '../../src/server/hub/plugin';
import type { HubPluginOptions } from '../../src/server/hub/plugin';

export const HUB_PATH = '/api/socket';
export const RS = '\x1e';

/** Test tokens: `token-<id>` is user <id>; anything else is invalid. */
export async function authenticate(token: string): Promise<{ userId: number; userName: string } | null> {
  const match = /^token-(\d+)$/.exec(token);
  if (!match?.[1]) return null;
  const userId = Number(match[1]);
  return { userId, userName: `player${userId}` };
}

export interface TestServer {
  app: FastifyInstance;
  port: number;
  httpUrl: string;
  wsUrl: string;
}

export async function startServer(options: Partial<HubPluginOptions> = {}, port = 0): Promise<TestServer> {
  const app = Fastify();
  await app.register(hubPlugin, { path: HUB_PATH, authenticate, ...options });
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    app,
    port: address.port,
    httpUrl: `http://127.0.0.1:${address.port}${HUB_PATH}`,
    wsUrl: `ws://127.0.0.1:${address.port}${HUB_PATH}`,
  };
}

export function signalr(url: string, token?: string, extra: Partial<IHttpConnectionOptions> = {}): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(url, { ...(token === undefined ? {} : { accessTokenFactory: () => token }), ...extra })
    .configureLogging(LogLevel.None)
    .build();
}

/** Resolves with the arguments of the next call of `target` on the connection. */
export function nextEvent(connection: HubConnection, target: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const handler = (...args: unknown[]): void => {
      connection.off(target, handler);
      resolve(args);
    };
    connection.on(target, handler);
  });
}

export async function waitFor(condition: () => boolean, timeoutMs = 5_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A hand-driven client that speaks the protocol on a bare `ws` socket and records every frame. */
export class RawClient {
  readonly frames: string[] = [];
  readonly records: Record<string, unknown>[] = [];
  closed = false;
  closeCode: number | undefined;
  closeReason: string | undefined;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '<binary>' : (data as Buffer).toString('utf8');
      this.frames.push(text);
      for (const record of text.split(RS).slice(0, -1)) this.records.push(JSON.parse(record) as Record<string, unknown>);
    });
    ws.on('close', (code, reason) => {
      this.closed = true;
      this.closeCode = code;
      this.closeReason = reason.toString('utf8');
    });
    ws.on('error', () => {});
  }

  /** Opens the socket (skipping negotiate) and completes the handshake. */
  static async connect(wsUrl: string, options: { token?: string; handshake?: object } = {}): Promise<RawClient> {
    const url = options.token === undefined ? wsUrl : `${wsUrl}?access_token=${encodeURIComponent(options.token)}`;
    const ws = new WebSocket(url);
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
    ws.send(JSON.stringify(options.handshake ?? { protocol: 'json', version: 1 }) + RS);
    await waitFor(() => client.records.length > 0 || client.closed, 5_000, 'handshake response');
    return client;
  }

  recordsOfType(type: number): Record<string, unknown>[] {
    return this.records.filter((record) => record.type === type);
  }

  invocations(target: string): unknown[][] {
    return this.records
      .filter((record) => record.type === 1 && record.target === target)
      .map((record) => record.arguments as unknown[]);
  }

  send(message: object): void {
    this.ws.send(JSON.stringify(message) + RS);
  }

  close(): void {
    this.ws.terminate();
  }
}

/** Status code of a refused upgrade, or 101 if it was accepted. */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.terminate();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.on('error', reject);
  });
}
