import type { Clock } from '../token/payout';

/** A timer may fire a little early; the run checks the hour itself, so waking early only re-arms. */
const AFTER_THE_HOUR_MS = 1_000;
const HOUR_MS = 3_600_000;

export const nextUtcHour = (ms: number): number => (Math.floor(ms / HOUR_MS) + 1) * HOUR_MS;

/**
 * Takes the hour's liabilities snapshot at start (catching up a missed hour), then at each next full
 * hour (UTC). Every instance of the casino runs one; the database elects which of them takes an hour
 * (a unique hour key, proof/snapshots.ts), the others find it taken and do nothing.
 */
export class HourlySnapshotScheduler {
  private timer: unknown = null;
  private stopped = true;
  /** The snapshot under way, if any: stop() waits for it, so the database is not closed under it. */
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly run: (nowMs: number) => Promise<unknown>,
    private readonly clock: Clock,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Starts the hours; the first snapshot runs in the background (start-up does not wait for it). */
  start(): void {
    this.stopped = false;
    void this.tick();
  }

  /** Stops the hours; resolves once a snapshot under way has finished. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.timer = null;
    const tick = (async () => {
      try {
        await this.run(this.clock.now());
      } catch (error) {
        this.onError(error);
      }
      if (this.stopped) return;
      const now = this.clock.now();
      this.timer = this.clock.setTimeout(() => this.tick(), nextUtcHour(now) - now + AFTER_THE_HOUR_MS);
    })();
    this.running = tick;
    return tick;
  }
}
