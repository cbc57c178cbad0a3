import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * What one instance's hub tells the others, so the live hub spans every instance of the casino:
 * a bet settled on instance A reaches the clients connected to instance B, a player's private
 * events reach their connections wherever they are, and a session ended on A closes its sockets on B.
 */
export type RelayMessage =
  | { kind: 'all'; target: string; args: unknown[] }
  | { kind: 'user'; userId: number; target: string; args: unknown[] }
  | { kind: 'endSessions'; sessionIds: string[] };

export interface Relay {
  /** Hands a message to every other instance (this one has already delivered it locally). */
  publish(message: RelayMessage): void;
  /** Starts delivering the other instances' messages to `deliver`. */
  start(deliver: (message: RelayMessage) => void): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY's payload limit is 8,000 bytes; a batch stays below it. */
const MAX_PAYLOAD = 7_900;
const RECONNECT_MS = [0, 500, 2_000, 5_000];

interface Envelope {
  /** The publishing instance: it ignores its own batches. */
  from: string;
  messages: RelayMessage[];
}

/**
 * The relay over PostgreSQL's own LISTEN/NOTIFY: no server besides the database (docs/architecture.md,
 * "Several instances"). Messages published in one turn of the event loop travel as one NOTIFY (a burst
 * of bets costs one round trip, not one each); every instance LISTENs on the channel of its schema.
 *
 * Delivery is what the live feed needs, not what the ledger needs: a NOTIFY sent while an instance's
 * listening connection is down is lost to it, and its clients catch up by reading the feed again when
 * they reconnect, as they do after any drop. Money never travels this way.
 */
export class PostgresRelay implements Relay {
  private readonly id = randomBytes(8).toString('hex');
  private readonly channel: string;
  private publisher: pg.Client | null = null;
  private listener: pg.Client | null = null;
  private queue: RelayMessage[] = [];
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();
  private closed = false;
  private deliver: ((message: RelayMessage) => void) | null = null;
  private attempts = 0;
  /** Batches sent and received (figures, tests). */
  sent = 0;
  received = 0;

  constructor(
    private readonly url: string,
    schema: string | null,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.channel = `casino_hub_${schema ?? 'public'}`;
  }

  async start(deliver: (message: RelayMessage) => void): Promise<void> {
    this.deliver = deliver;
    await this.listen();
    this.publisher = await this.connect();
  }

  publish(message: RelayMessage): void {
    if (this.closed) return;
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    // One NOTIFY at a time on the publishing connection, in order.
    setImmediate(() => {
      this.flushing = this.flushing.then(() => this.flush());
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.flushing;
    await this.flush();
    for (const client of [this.listener, this.publisher]) if (client) await client.end().catch(() => {});
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const messages = this.queue;
    this.queue = [];
    if (messages.length === 0) return;
    for (const payload of this.batches(messages)) {
      const publisher = this.publisher;
      if (!publisher) return;
      try {
        await publisher.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
        this.sent += 1;
      } catch (error) {
        this.onError(error);
        if (!this.closed) this.publisher = await this.connect().catch(() => null);
      }
    }
  }

  /** JSON payloads of at most MAX_PAYLOAD bytes; a single message larger than that is dropped and reported. */
  private *batches(messages: RelayMessage[]): Generator<string> {
    let batch: string[] = [];
    let size = 0;
    const head = `{"from":"${this.id}","messages":[`;
    for (const message of messages) {
      const text = JSON.stringify(message);
      const bytes = Buffer.byteLength(text);
      if (head.length + bytes + 2 > MAX_PAYLOAD) {
        this.onError(new Error(`hub relay: a ${bytes}-byte message is too large for NOTIFY; delivered on this instance only`));
        continue;
      }
      if (head.length + size + bytes + batch.length + 2 > MAX_PAYLOAD) {
        yield `${head}${batch.join(',')}]}`;
        batch = [];
        size = 0;
      }
      batch.push(text);
      size += bytes;
    }
    if (batch.length > 0) yield `${head}${batch.join(',')}]}`;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('error', (error) => this.onError(error));
    await client.connect();
    return client;
  }

  private async listen(): Promise<void> {
    const client = await this.connect();
    client.on('notification', (notification) => {
      if (notification.channel !== this.channel || !notification.payload) return;
      let envelope: Envelope;
      try {
        envelope = JSON.parse(notification.payload) as Envelope;
      } catch (error) {
        this.onError(error);
        return;
      }
      if (envelope.from === this.id) return;
      this.received += 1;
      for (const message of envelope.messages) this.deliver?.(message);
    });
    client.on('end', () => {
      if (this.listener === client) this.relisten();
    });
    await client.query(`LISTEN ${this.channel}`);
    this.listener = client;
  }

  /** The listening connection dropped (a database restart): listen again, backing off. */
  private relisten(): void {
    if (this.closed) return;
    const delay = RECONNECT_MS[Math.min(this.attempts, RECONNECT_MS.length - 1)]!;
    this.attempts += 1;
    setTimeout(() => {
      this.listen().then(
        () => {
          this.attempts = 0;
        },
        (error: unknown) => {
          this.onError(error);
          this.relisten();
        },
      );
    }, delay).unref();
  }
}
