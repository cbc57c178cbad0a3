import type { RawData, WebSocket } from 'ws';
import {
  HANDSHAKE_OK_RECORD,
  MessageType,
  PING_RECORD,
  checkHandshake,
  encodeClose,
  encodeCompletionError,
  encodeRecord,
  parseClientMessage,
  splitRecords,
} from './protocol';

export interface HubUser {
  userId: number;
  userName?: string;
  /** The sign-in session the access token belongs to: when it ends, the connection is closed. */
  sessionId?: string;
  /** When that session reaches its absolute lifetime (ms since the epoch); the hub closes it then. */
  sessionEndsAt?: number;
}

/** What a connection needs from the hub that owns it. */
export interface ConnectionOwner {
  readonly maxQueuedBytes: number;
  readonly maxReceiveBytes: number;
  /** The handshake succeeded: from now on the connection takes events. */
  onReady(connection: HubConnection): void;
  onClosed(connection: HubConnection): void;
  /** Asks for one flush of every dirty connection at the end of this event-loop turn. */
  scheduleFlush(connection: HubConnection): void;
}

/**
 * Consecutive connections in one flush usually hold the very same queued buffers (a turn of
 * broadcasts), so the joined frame is built once and handed to all of them.
 */
export interface FlushMemo {
  queue: readonly Buffer[] | null;
  frame: Buffer | null;
}

type State = 'handshake' | 'open' | 'closing' | 'closed';

const TEXT_FRAME = { binary: false } as const;

export class HubConnection {
  readonly id: string;
  readonly user: HubUser | null;
  private readonly ws: WebSocket;
  private readonly owner: ConnectionOwner;
  private state: State = 'handshake';
  private queue: Buffer[] = [];
  private queuedBytes = 0;
  private partialRecord = '';
  private lastReceivedAt: number;
  private lastSentAt: number;
  private readonly closed: Promise<void>;

  constructor(id: string, user: HubUser | null, ws: WebSocket, owner: ConnectionOwner, now: number) {
    this.id = id;
    this.user = user;
    this.ws = ws;
    this.owner = owner;
    this.lastReceivedAt = now;
    this.lastSentAt = now;
    this.closed = new Promise((resolve) => {
      ws.on('close', () => {
        this.state = 'closed';
        this.queue = [];
        this.queuedBytes = 0;
        owner.onClosed(this);
        resolve();
      });
    });
    // 'close' always follows 'error'; the listener only keeps the process from crashing.
    ws.on('error', () => {});
    ws.on('message', (data, isBinary) => this.receive(data, isBinary));
  }

  get isOpen(): boolean {
    return this.state === 'open';
  }

  /**
   * Queues one record for the next flush. A client whose socket buffer plus queue would pass the
   * cap is dropped rather than buffered: it is too slow to keep up, memory must stay bounded, and
   * its SignalR client reconnects and refetches what it missed.
   */
  enqueue(record: Buffer): void {
    if (this.state !== 'open') return;
    const pending = this.ws.bufferedAmount + this.queuedBytes + record.length;
    if (pending > this.owner.maxQueuedBytes) {
      this.drop();
      return;
    }
    if (this.queue.length === 0) this.owner.scheduleFlush(this);
    this.queue.push(record);
    this.queuedBytes += record.length;
  }

  flush(memo: FlushMemo): void {
    const queue = this.queue;
    if (queue.length === 0 || this.state === 'closed') return;
    this.queue = [];
    this.queuedBytes = 0;
    let frame: Buffer;
    if (queue.length === 1) {
      frame = queue[0] as Buffer;
    } else if (memo.frame !== null && memo.queue !== null && sameBuffers(memo.queue, queue)) {
      frame = memo.frame;
    } else {
      frame = Buffer.concat(queue);
      memo.queue = queue;
      memo.frame = frame;
    }
    this.lastSentAt = Date.now();
    this.ws.send(frame, TEXT_FRAME);
  }

  /** Keep-alive and liveness, driven by the hub's single timer rather than one timer per client. */
  tick(now: number, keepAliveMs: number, clientTimeoutMs: number): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    if (now - this.lastReceivedAt >= clientTimeoutMs) {
      if (this.state === 'handshake') {
        this.ws.close(1000);
      } else {
        // allowReconnect so a client that was merely throttled (a background tab) comes back.
        void this.close('Server timeout elapsed without receiving a message from the client.', true);
      }
      return;
    }
    if (this.state === 'open' && this.queue.length === 0 && now - this.lastSentAt >= keepAliveMs) {
      this.enqueue(PING_RECORD);
    }
  }

  /** Sends a close message, then closes the socket; resolves once the socket is closed. */
  close(error: string | undefined, allowReconnect: boolean): Promise<void> {
    if (this.state === 'open') {
      this.queue.push(encodeClose(error, allowReconnect));
      this.flush({ queue: null, frame: null });
    }
    if (this.state !== 'closed') {
      this.state = 'closing';
      this.ws.close(1000);
    }
    return this.closed;
  }

  /** Abrupt end: no close message, since a client worth dropping could not read it anyway. */
  drop(): void {
    if (this.state === 'closed') return;
    this.state = 'closing';
    this.queue = [];
    this.queuedBytes = 0;
    this.ws.terminate();
  }

  whenClosed(): Promise<void> {
    return this.closed;
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.lastReceivedAt = Date.now();
    if (isBinary) {
      this.failProtocol('Binary frames are not supported: this hub speaks the JSON protocol over text frames.');
      return;
    }
    const text = this.partialRecord + rawToString(data);
    const { records, rest } = splitRecords(text);
    if (rest.length > this.owner.maxReceiveBytes) {
      this.failProtocol('Message too large.');
      return;
    }
    this.partialRecord = rest;
    for (const record of records) {
      if (this.state === 'handshake') {
        const result = checkHandshake(record);
        if (!result.ok) {
          // The handshake response is the only place the client reads an error before the
          // connection exists, so it goes there rather than in a close message.
          this.ws.send(encodeRecord({ error: result.error }), TEXT_FRAME);
          this.state = 'closing';
          this.ws.close(1000);
          return;
        }
        this.state = 'open';
        this.enqueue(HANDSHAKE_OK_RECORD);
        this.owner.onReady(this);
        continue;
      }
      if (this.state !== 'open') return;
      this.handleMessage(record);
    }
  }

  private handleMessage(record: string): void {
    const message = parseClientMessage(record);
    if (message === null) {
      this.failProtocol('Invalid message.');
      return;
    }
    switch (message.type) {
      case MessageType.Invocation:
      case MessageType.StreamInvocation:
        // The hub exposes no server methods: every call is answered with an error, and a
        // fire-and-forget call (no invocationId) is silently ignored, as the reference server does.
        if (message.invocationId !== undefined) {
          this.enqueue(encodeCompletionError(message.invocationId, `Unknown hub method '${message.target}'.`));
        }
        return;
      case MessageType.Close:
        this.state = 'closing';
        this.ws.close(1000);
        return;
      default:
        return;
    }
  }

  private failProtocol(error: string): void {
    void this.close(error, false);
  }
}

function sameBuffers(a: readonly Buffer[], b: readonly Buffer[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return false;
  }
  return true;
}

function rawToString(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
