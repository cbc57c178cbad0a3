import type { Clock } from '../../src/server/token/payout';

/**
 * A clock the test moves by hand, for the server's timers (the daily payout, the hourly liabilities
 * snapshot). Its timers fire only when the test moves the clock past them, and each tick is awaited.
 */
export class ManualClock implements Clock {
  private timers: Array<{ at: number; callback: () => Promise<void>; id: number }> = [];
  private nextId = 1;
  constructor(public time: number) {}
  now = () => this.time;
  setTimeout = (callback: () => Promise<void>, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== handle);
  };
  /** How many timers are armed. */
  pending = () => this.timers.length;

  /** Moves to `time` through each timer due by then: a timer runs at its own time (a tick arms the next). */
  advanceTo(time: number): Promise<void> {
    return this.runDue(time, true);
  }

  /** Jumps to `time`, then runs there each timer due by then (a tick arms the next), as after a sleep. */
  jumpTo(time: number): Promise<void> {
    this.time = time;
    return this.runDue(time, false);
  }

  private async runDue(time: number, atItsTime: boolean): Promise<void> {
    for (;;) {
      const due = this.timers.filter((t) => t.at <= time).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((t) => t !== due);
      if (atItsTime) this.time = due.at;
      await due.callback();
    }
    this.time = time;
  }
}
