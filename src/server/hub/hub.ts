import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ConnectionOwner, FlushMemo, HubUser } from './connection';
import { HubConnection } from './connection';
import { DEFAULT_ADMISSION, PendingNegotiations } from './admission';
import type { AdmissionLimits } from './admission';
import { accessTokenOf, refuseUpgrade } from './http';
import { encodeInvocation } from './protocol';
import type { Relay, RelayMessage } from './relay';
import { HUB_SESSION_ENDED } from '../../core/contracts/hub';

export type { HubUser } from './connection';

export type Authenticate = (token: string) => Promise<HubUser | null>;

export interface HubOptions {
  /** Resolves a bearer token to its user; null means the token is invalid (401). */
  authenticate: Authenticate;
  /** Interval of server pings when nothing else was sent; the client's server timeout is 30 s. */
  keepAliveMs?: number;
  /** A client that sends nothing (not even its own 15 s pings) for this long is dropped. */
  clientTimeoutMs?: number;
  /** Per connection: socket buffer plus queued records; past this the client is dropped. */
  maxQueuedBytes?: number;
  /** Largest client message accepted; clients only send pings and the odd invocation. */
  maxReceiveBytes?: number;
  /** Budgets and lifetime of negotiations that have not connected yet. */
  admission?: Partial<AdmissionLimits>;
  /** The other instances of the casino (hub/relay.ts); absent when this process is the only one. */
  relay?: Relay;
  /**
   * Signs connection tokens, so a client that negotiated with one instance may open its WebSocket on
   * another. Every instance of one casino must share it; a random key when absent (one instance).
   */
  connectionTokenKey?: Buffer;
}

/** The API the rest of the server uses: `fastify.hub`. */
export interface HubApi {
  /** Sends an event to every connection, anonymous visitors included. */
  broadcast(target: string, ...args: unknown[]): void;
  /** Sends an event to every connection of one signed-in user (all their tabs and devices). */
  sendToUser(userId: number, target: string, ...args: unknown[]): void;
  /** Connections that completed the handshake. */
  connectionCount(): number;
  /**
   * Closes at once every connection opened with an access token of these sessions (logout,
   * refresh-token reuse, password change or reset), so no private event reaches them afterwards.
   * Answers how many connections were closed.
   */
  endSessions(sessionIds: readonly string[]): number;
  /** Tells every client to reconnect later, closes all connections and refuses new ones. */
  close(): Promise<void>;
}

export type NegotiateResult =
  | { status: 200; body: NegotiateResponse }
  | { status: 401 | 503; body: { error: string } }
  | { status: 429 | 503; body: { error: string; message: string }; retryAfterSeconds: number };

export interface NegotiateResponse {
  negotiateVersion: 1;
  connectionId: string;
  connectionToken: string;
  availableTransports: { transport: 'WebSockets'; transferFormats: ['Text'] }[];
}

interface Negotiation {
  connectionId: string;
  user: HubUser | null;
}

const DEFAULTS = {
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  maxQueuedBytes: 1024 * 1024,
  maxReceiveBytes: 64 * 1024,
};
// The close message's error: the client's onclose receives it.
const SESSION_ENDED = HUB_SESSION_ENDED;
// Far longer than any upgrade takes from its token check to its socket.
const RECENTLY_ENDED_MS = 60_000;
// How long close() waits for clients to acknowledge before cutting them off.
const CLOSE_GRACE_MS = 2_000;

export class Hub implements HubApi, ConnectionOwner {
  readonly maxQueuedBytes: number;
  readonly maxReceiveBytes: number;
  private readonly keepAliveMs: number;
  private readonly clientTimeoutMs: number;
  private readonly authenticate: Authenticate;
  private readonly wss: WebSocketServer;
  private readonly negotiations: PendingNegotiations<Negotiation>;
  /** Every socket, including those still in the handshake, so timeouts and close reach them. */
  private readonly sockets = new Set<HubConnection>();
  private readonly ready = new Set<HubConnection>();
  private readonly byUser = new Map<number, Set<HubConnection>>();
  /** From the upgrade on, not only once ready: a session ending mid-handshake closes the socket too. */
  private readonly bySession = new Map<string, Set<HubConnection>>();
  /**
   * Sessions ended in the last minute: an upgrade authenticated just before its session ended must
   * not slip through if anything asynchronous ever runs between the token check and the socket.
   */
  private readonly recentlyEnded = new Map<string, number>();
  private dirty: HubConnection[] = [];
  private flushScheduled = false;
  private closing: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly relay: Relay | undefined;
  private readonly tokens: ConnectionTokens;
  private readonly negotiationTtlMs: number;

  constructor(options: HubOptions) {
    this.authenticate = options.authenticate;
    this.relay = options.relay;
    this.keepAliveMs = options.keepAliveMs ?? DEFAULTS.keepAliveMs;
    this.clientTimeoutMs = options.clientTimeoutMs ?? DEFAULTS.clientTimeoutMs;
    this.maxQueuedBytes = options.maxQueuedBytes ?? DEFAULTS.maxQueuedBytes;
    this.maxReceiveBytes = options.maxReceiveBytes ?? DEFAULTS.maxReceiveBytes;
    this.negotiations = new PendingNegotiations({ ...DEFAULT_ADMISSION, ...options.admission });
    this.negotiationTtlMs = options.admission?.ttlMs ?? DEFAULT_ADMISSION.ttlMs;
    this.tokens = new ConnectionTokens(options.connectionTokenKey ?? randomBytes(32));
    for (const [name, value] of Object.entries({
      keepAliveMs: this.keepAliveMs,
      clientTimeoutMs: this.clientTimeoutMs,
      maxQueuedBytes: this.maxQueuedBytes,
      maxReceiveBytes: this.maxReceiveBytes,
    })) {
      if (!Number.isFinite(value) || value <= 0) throw new RangeError(`hub: ${name} must be a positive number`);
    }
    // The official client only schedules its own pings when something arrives from the server,
    // so without server pings well inside the timeout every idle client would be dropped.
    if (this.keepAliveMs >= this.clientTimeoutMs) {
      throw new RangeError('hub: keepAliveMs must be shorter than clientTimeoutMs (the reference uses half)');
    }
    this.wss = new WebSocketServer({
      noServer: true,
      clientTracking: false,
      perMessageDeflate: false,
      maxPayload: this.maxReceiveBytes,
    });
    // One timer for all connections: a quarter of the shortest period keeps pings and
    // timeouts within 25% of their nominal time without a timer per client.
    const tickMs = Math.max(5, Math.floor(Math.min(this.keepAliveMs, this.clientTimeoutMs) / 4));
    this.timer = setInterval(() => this.tick(), tickMs);
    this.timer.unref();
  }

  /** `address` is the client's (anonymous negotiations are budgeted per address). */
  async negotiate(token: string | undefined, address = 'unknown'): Promise<NegotiateResult> {
    if (this.closing) return { status: 503, body: { error: 'The hub is shutting down.' } };
    const user = await this.userFor(token);
    if (user === undefined) return { status: 401, body: { error: 'Invalid access token.' } };
    const connectionId = randomId();
    const connectionToken = this.tokens.sign(connectionId, user?.userId ?? null, Date.now() + this.negotiationTtlMs);
    const refusal = this.negotiations.admit(connectionToken, { connectionId, user }, { userId: user?.userId ?? null, address }, Date.now());
    if (refusal) {
      return { status: refusal.status, body: { error: refusal.code, message: refusal.message }, retryAfterSeconds: refusal.retryAfterSeconds };
    }
    return {
      status: 200,
      body: {
        negotiateVersion: 1,
        connectionId,
        connectionToken,
        availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
      },
    };
  }

  /** Completes a WebSocket upgrade for the hub path; the caller has already matched the path. */
  async handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer, query: URLSearchParams): Promise<void> {
    // Until ws owns the socket, a reset by the peer must not become an uncaught error.
    const onEarlyError = (): void => {
      socket.destroy();
    };
    socket.on('error', onEarlyError);
    if (this.closing) {
      refuseUpgrade(socket, 503, 'The hub is shutting down.');
      return;
    }
    let user: HubUser | null | undefined;
    try {
      user = await this.userFor(accessTokenOf(req.headers, query));
    } catch {
      refuseUpgrade(socket, 500, 'Authentication failed.');
      return;
    }
    if (user === undefined) {
      refuseUpgrade(socket, 401, 'Invalid access token.');
      return;
    }
    let connectionId: string;
    const connectionToken = query.get('id');
    if (connectionToken === null) {
      // skipNegotiation: the client goes straight to the WebSocket.
      connectionId = randomId();
    } else {
      // Negotiated here, or (behind a proxy that spreads requests) on another instance of the casino.
      const negotiation = this.negotiations.peek(connectionToken, Date.now()) ?? this.tokens.verify(connectionToken, Date.now());
      if (negotiation === undefined) {
        this.negotiations.take(connectionToken, Date.now());
        refuseUpgrade(socket, 404, 'No connection with that ID.');
        return;
      }
      // A connection token must not let one user take over a connection negotiated by another.
      if ((negotiation.user?.userId ?? null) !== (user?.userId ?? null)) {
        refuseUpgrade(socket, 403, 'The connection belongs to another user.');
        return;
      }
      this.negotiations.take(connectionToken, Date.now());
      this.tokens.use(connectionToken);
      connectionId = negotiation.connectionId;
    }
    if (this.closing || socket.destroyed) {
      refuseUpgrade(socket, 503, 'The hub is shutting down.');
      return;
    }
    socket.off('error', onEarlyError);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new HubConnection(connectionId, user, ws, this, Date.now());
      if (this.closing) {
        connection.drop();
        return;
      }
      this.sockets.add(connection);
      this.trackSession(connection);
      if (this.sessionEnded(user)) void connection.close(SESSION_ENDED, false);
    });
  }

  broadcast(target: string, ...args: unknown[]): void {
    this.relay?.publish({ kind: 'all', target, args });
    this.broadcastHere(target, args);
  }

  sendToUser(userId: number, target: string, ...args: unknown[]): void {
    this.relay?.publish({ kind: 'user', userId, target, args });
    this.sendHere(userId, target, args);
  }

  endSessions(sessionIds: readonly string[]): number {
    this.relay?.publish({ kind: 'endSessions', sessionIds: [...sessionIds] });
    return this.endSessionsHere(sessionIds);
  }

  /** Delivers what another instance published to this instance's connections. */
  deliverRelayed(message: RelayMessage): void {
    if (this.closing) return;
    if (message.kind === 'all') this.broadcastHere(message.target, message.args);
    else if (message.kind === 'user') this.sendHere(message.userId, message.target, message.args);
    else this.endSessionsHere(message.sessionIds);
  }

  private broadcastHere(target: string, args: unknown[]): void {
    if (this.ready.size === 0) return;
    // Serialized once: every connection queues the same buffer.
    const record = encodeInvocation(target, args);
    for (const connection of this.ready) connection.enqueue(record);
  }

  private sendHere(userId: number, target: string, args: unknown[]): void {
    const connections = this.byUser.get(userId);
    if (connections === undefined) return;
    const record = encodeInvocation(target, args);
    for (const connection of connections) connection.enqueue(record);
  }

  connectionCount(): number {
    return this.ready.size;
  }

  private endSessionsHere(sessionIds: readonly string[]): number {
    let closed = 0;
    const until = Date.now() + RECENTLY_ENDED_MS;
    for (const sessionId of sessionIds) {
      this.recentlyEnded.set(sessionId, until);
      const connections = this.bySession.get(sessionId);
      if (connections === undefined) continue;
      this.bySession.delete(sessionId);
      for (const connection of connections) {
        // close() moves the connection out of 'open' synchronously, so nothing queued after this
        // call is sent; no reconnect, since the token it would reconnect with is dead.
        void connection.close(SESSION_ENDED, false);
        closed += 1;
      }
    }
    return closed;
  }

  close(): Promise<void> {
    this.closing ??= this.closeAll();
    return this.closing;
  }

  onReady(connection: HubConnection): void {
    if (this.closing) return;
    this.ready.add(connection);
    const userId = connection.user?.userId;
    if (userId === undefined) return;
    let set = this.byUser.get(userId);
    if (set === undefined) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    set.add(connection);
  }

  onClosed(connection: HubConnection): void {
    this.sockets.delete(connection);
    this.ready.delete(connection);
    this.untrackSession(connection);
    const userId = connection.user?.userId;
    if (userId === undefined) return;
    const set = this.byUser.get(userId);
    if (set === undefined) return;
    set.delete(connection);
    if (set.size === 0) this.byUser.delete(userId);
  }

  scheduleFlush(connection: HubConnection): void {
    this.dirty.push(connection);
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // setImmediate rather than a microtask: everything emitted while handling this turn's
    // I/O (a burst of bets) lands in one frame per client.
    setImmediate(() => this.flush());
  }

  private flush(): void {
    const dirty = this.dirty;
    this.dirty = [];
    this.flushScheduled = false;
    const memo: FlushMemo = { queue: null, frame: null };
    for (const connection of dirty) connection.flush(memo);
  }

  private trackSession(connection: HubConnection): void {
    const sessionId = connection.user?.sessionId;
    if (sessionId === undefined) return;
    let set = this.bySession.get(sessionId);
    if (set === undefined) {
      set = new Set();
      this.bySession.set(sessionId, set);
    }
    set.add(connection);
  }

  private sessionEnded(user: HubUser | null): boolean {
    const sessionId = user?.sessionId;
    return sessionId !== undefined && this.recentlyEnded.has(sessionId);
  }

  /** Nobody announces a session reaching its lifetime, so the timer notices it. */
  private closeAgedSessions(now: number): void {
    for (const [sessionId, until] of this.recentlyEnded) {
      if (until <= now) this.recentlyEnded.delete(sessionId);
    }
    for (const connections of this.bySession.values()) {
      for (const connection of connections) {
        const endsAt = connection.user?.sessionEndsAt;
        if (endsAt !== undefined && endsAt <= now) void connection.close(SESSION_ENDED, false);
      }
    }
  }

  private untrackSession(connection: HubConnection): void {
    const sessionId = connection.user?.sessionId;
    if (sessionId === undefined) return;
    const set = this.bySession.get(sessionId);
    if (set === undefined) return;
    set.delete(connection);
    if (set.size === 0) this.bySession.delete(sessionId);
  }

  /** undefined: invalid token; null: anonymous visitor. */
  private async userFor(token: string | undefined): Promise<HubUser | null | undefined> {
    if (token === undefined) return null;
    const user = await this.authenticate(token);
    return user ?? undefined;
  }

  private tick(): void {
    const now = Date.now();
    for (const connection of this.sockets) connection.tick(now, this.keepAliveMs, this.clientTimeoutMs);
    this.closeAgedSessions(now);
    this.negotiations.expire(now);
    this.tokens.expire(now);
  }

  private async closeAll(): Promise<void> {
    this.negotiations.clear();
    const sockets = [...this.sockets];
    const allClosed = Promise.all(sockets.map((connection) => connection.close(undefined, true)));
    let graceTimer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, CLOSE_GRACE_MS);
    });
    await Promise.race([allClosed, grace]);
    clearTimeout(graceTimer);
    for (const connection of sockets) connection.drop();
    await allClosed;
    clearInterval(this.timer);
    this.wss.close();
  }
}

/**
 * Connection tokens that carry their own proof: `<payload>.<HMAC-SHA256>`, the payload naming the
 * connection, its user and when it expires. Any instance holding the key accepts one; each is
 * accepted once per instance (a replay within its lifetime is refused as unknown).
 */
class ConnectionTokens {
  private readonly used = new Map<string, number>();

  constructor(private readonly key: Buffer) {}

  sign(connectionId: string, userId: number | null, expiresAt: number): string {
    const payload = Buffer.from(JSON.stringify({ c: connectionId, u: userId, e: expiresAt })).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  verify(token: string, now: number): Negotiation | undefined {
    if (this.used.has(token)) return undefined;
    const [payload, mac, extra] = token.split('.');
    if (!payload || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    let claims: { c?: unknown; u?: unknown; e?: unknown };
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      return undefined;
    }
    if (typeof claims.c !== 'string' || typeof claims.e !== 'number' || !(claims.e > now)) return undefined;
    if (claims.u !== null && typeof claims.u !== 'number') return undefined;
    // Only the user id is carried: the upgrade checks it against the user of its own access token.
    return { connectionId: claims.c, user: claims.u === null ? null : ({ userId: claims.u } as HubUser) };
  }

  use(token: string): void {
    const dot = token.indexOf('.');
    if (dot < 0) return;
    try {
      const claims = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as { e?: unknown };
      if (typeof claims.e === 'number') this.used.set(token, claims.e);
    } catch {
      // not one of ours: nothing to remember
    }
  }

  expire(now: number): void {
    for (const [token, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(token);
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function randomId(): string {
  return randomBytes(16).toString('base64url');
}
