import fp from 'fastify-plugin';
import { systemClock } from '../token/payout';
import type { Clock } from '../token/payout';
import { HourlySnapshotScheduler } from './scheduler';
import { PROOF_RETENTION_DAYS, hourKeyOf, pruneSnapshots, takeSnapshot } from './snapshots';

export interface LiabilitiesPluginOptions {
  /** The scheduler's clock; tests pass their own. */
  clock?: Clock;
  /** PROOF_RETENTION_DAYS in ms: the leaves and nodes of older snapshots are dropped after each hourly one. */
  retentionMs?: number;
}

/** Proof of liabilities: the hourly snapshot (docs/fairness.md "Proof of liabilities"). */
export const liabilitiesPlugin = fp<LiabilitiesPluginOptions>(
  async (app, { clock = systemClock, retentionMs = PROOF_RETENTION_DAYS * 86_400_000 }) => {
    const scheduler = new HourlySnapshotScheduler(
      async (nowMs) => {
        const taken = await takeSnapshot(app.db, { hourKey: hourKeyOf(nowMs), now: new Date(nowMs) });
        if (taken) app.log.info({ snapshotId: taken.id }, 'liabilities snapshot taken');
        // Every instance prunes (the same rows, idempotent): the next hour catches up whatever one missed.
        const pruned = await pruneSnapshots(app.db, new Date(nowMs - retentionMs));
        if (pruned.length > 0) app.log.info({ snapshotIds: pruned }, 'liabilities proofs past their retention dropped');
      },
      clock,
      (error) => app.log.error({ err: error }, 'the hourly liabilities snapshot or its pruning failed; it is retried at the next hour'),
    );
    app.addHook('onReady', async () => scheduler.start());
    app.addHook('onClose', async () => scheduler.stop());
  },
  { name: 'liabilities', dependencies: ['database'] },
);
