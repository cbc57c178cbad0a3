import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Checkpoints SQLite's write-ahead log on a thread of its own (the server's SQLite, db/database.ts).
 *
 * A checkpoint copies the log's frames into the database file and syncs both. Left to SQLite, it runs
 * inside the COMMIT that takes the log past `wal_autocheckpoint` pages, on the event loop: every few
 * dozen batches one COMMIT took 3 to 25 ms instead of 0.2 (bench/dice.ts at 3,000 bets/s), and every
 * request in flight waited, the slowest answers of all. Here a worker thread with a connection of its
 * own runs `PRAGMA wal_checkpoint(PASSIVE)` every INTERVAL_MS: a passive checkpoint takes no lock a
 * writer needs and waits for nobody, so the server's connection keeps committing meanwhile (WAL lets
 * a checkpoint run beside a writer), and the copying and the two syncs use the other core. The
 * server's connection keeps an automatic checkpoint at BACKSTOP_PAGES, should this thread fall
 * behind or stop. Durability does not depend on it (db/logSync.ts): SQLite syncs the log before a
 * checkpoint and the database after, whichever connection runs it, and restarts the log only once a
 * checkpoint has copied all of it.
 */
export const INTERVAL_MS = 100;
export const BACKSTOP_PAGES = 10_000;

/** The worker's code: plain JavaScript, so it runs the same under the server, the tests and the benches. */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let timer;
const tick = () => {
  try {
    const [row] = checkpoint.all();
    parentPort.postMessage({ copied: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
  timer = setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
timer = setTimeout(tick, workerData.intervalMs);
`;

export class Checkpointer {
  private readonly worker: Worker;
  private readonly exited: Promise<void>;
  /** The most log frames a checkpoint found copied, and the last error one gave (tests). */
  framesCopied = 0;
  lastError: string | null = null;

  constructor(file: string, intervalMs = INTERVAL_MS) {
    const module = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER, { eval: true, workerData: { module, file, intervalMs } });
    this.worker.unref();
    this.worker.on('message', (message: { copied?: number; error?: string }) => {
      if (message.error !== undefined) this.lastError = message.error;
      else this.framesCopied = Math.max(this.framesCopied, message.copied ?? 0);
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    // A worker that fails leaves the checkpoints to the server's connection (BACKSTOP_PAGES).
    this.worker.on('error', (error) => (this.lastError = error.message));
  }

  /** Stops the thread and closes its connection. */
  async close(): Promise<void> {
    this.worker.postMessage('stop');
    await this.exited;
  }
}
