import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getLiabilities, getLiabilityProof } from '../../core/contracts/liabilities';
import { AppError } from '../errors';
import { listSnapshots, proofFor } from '../proof/snapshots';
import { systemClock } from '../token/payout';
import type { Clock } from '../token/payout';
import { requireCurrency } from '../wallet/currencies';
import { schemaOf } from './contract';

export interface LiabilitiesRoutesOptions {
  /** PROOF_RETENTION_DAYS in ms: proofs of older snapshots are refused. */
  retentionMs: number;
  /** The clock the snapshots' age is measured by; tests pass their own. */
  clock?: Clock;
}

/** Proof of liabilities: the public snapshots, and a signed-in player's own proof. */
export const liabilitiesRoutes: FastifyPluginAsyncTypebox<LiabilitiesRoutesOptions> = async (app, { retentionMs, clock = systemClock }) => {
  app.get(getLiabilities.path, { schema: schemaOf(getLiabilities) }, async () => {
    const snapshots = await listSnapshots(app.db);
    return {
      snapshots: snapshots.map((s) => ({
        id: s.id,
        takenAt: s.takenAt,
        currencies: s.currencies.map((c) => ({ currency: c.currency, rootHash: c.rootHash, total: String(c.total), leaves: c.leaves, reserves: String(c.reserves) })),
      })),
    };
  });

  app.get(getLiabilityProof.path, { onRequest: app.auth.requireUser, schema: schemaOf(getLiabilityProof) }, async (request) => {
    const user = request.user;
    if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
    const currency = await requireCurrency(app.db, request.query.currency);
    const snapshot = request.query.snapshot === undefined ? null : Number(request.query.snapshot);
    return proofFor(app.db, user.id, currency.symbol, snapshot, { nowMs: clock.now(), retentionMs });
  });
};
