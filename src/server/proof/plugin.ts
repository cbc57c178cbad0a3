import fp from 'fastify-plugin';
import { systemClock } from '../token/payout';
import type { Clock } from '../token/payout';
import { HourlySnapshotScheduler } from './scheduler';
import { hourKeyOf, takeSnapshot } from './snapshots';

export interface LiabilitiesPluginOptions {
  /** The scheduler's clock; tests pass their own. */
  clock?: Clock;
}

/** Proof of liabilities: the hourly snapshot (docs/fairness.md "Proof of liabilities"). */
export const liabilitiesPlugin = fp<LiabilitiesPluginOptions>(
  async (app, { clock = systemClock }) => {
    const scheduler = new HourlySnapshotScheduler(
      async (nowMs) => {
        const taken = await takeSnapshot(app.db, { hourKey: hourKeyOf(nowMs), now: new Date(nowMs) });
        if (taken) app.log.info({ snapshotId: taken.id }, 'liabilities snapshot taken');
      },
      clock,
      (error) => app.log.error({ err: error }, 'the hourly liabilities snapshot failed; it is retried at the next hour'),
    );
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'liabilities', dependencies: ['database'] },
);
