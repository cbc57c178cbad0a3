import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { getLimits, selfExclude, setLimit, takeBreak } from '../../core/contracts/account';
import { BREAK_LENGTHS, EXCLUSION_LENGTHS, RG_MESSAGES, parseLimitDollars, planBlock, planLimitChange } from '../../core/responsible/rules';
import type { Block } from '../../core/responsible/rules';
import { AppError, badRequest } from '../errors';
import { describe, readPlayerRg, readUsage, writeBlock, writeLimit } from '../responsible/store';
import { schemaOf } from './contract';

/**
 * Responsible gambling's calls (docs/product.md "Responsible gambling"). Each change runs in one
 * transaction that reads the player's state locked and answers the state it leaves. There is no call
 * that ends a break or an exclusion: take-break and self-exclude can only lengthen the one that runs.
 */
export const accountRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const onRequest = app.auth.requireUser;

  const stateOf = async (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0], userId: number, now: number) =>
    describe(await readPlayerRg(tx, userId), await readUsage(tx, userId, now), now);

  app.get(getLimits.path, { onRequest, schema: schemaOf(getLimits) }, async (request) => {
    const now = Date.now();
    return stateOf(app.db, request.user!.id, now);
  });

  app.post(setLimit.path, { onRequest, schema: schemaOf(setLimit) }, async (request) => {
    const { kind, period, amount } = request.body;
    let requested: bigint | null = null;
    if (amount !== null) {
      requested = parseLimitDollars(String(amount));
      if (requested === null) throw badRequest(RG_MESSAGES.limitAmount, 'invalid_limit');
    }
    const userId = request.user!.id;
    const now = Date.now();
    return app.db.transaction(async (tx) => {
      const current = (await readPlayerRg(tx, userId, true)).limits.find((l) => l.kind === kind && l.period === period) ?? null;
      const planned = planLimitChange(current, requested, now);
      await writeLimit(tx, userId, { kind, period, ...planned }, now);
      const message =
        planned.pendingAt !== null
          ? RG_MESSAGES.limitPending(planned.pendingCents, planned.pendingAt)
          : requested === null
            ? RG_MESSAGES.nothingToRemove
            : RG_MESSAGES.limitSetNow;
      return { ...(await stateOf(tx, userId, now)), message };
    });
  });

  const block = async (userId: number, requested: Block, done: string) => {
    const now = Date.now();
    return app.db.transaction(async (tx) => {
      const planned = planBlock((await readPlayerRg(tx, userId, true)).block, requested, now);
      if (!planned.ok) throw new AppError(409, 'block_runs', planned.message);
      await writeBlock(tx, userId, planned.block, now);
      return { ...(await stateOf(tx, userId, now)), message: done };
    });
  };

  app.post(takeBreak.path, { onRequest, schema: schemaOf(takeBreak) }, async (request) => {
    const now = Date.now();
    const until = now + BREAK_LENGTHS[request.body.length];
    return block(request.user!.id, { kind: 'break', until }, RG_MESSAGES.blocked({ kind: 'break', until }));
  });

  app.post(selfExclude.path, { onRequest, schema: schemaOf(selfExclude) }, async (request) => {
    const length = EXCLUSION_LENGTHS[request.body.length];
    const until = length === null ? null : Date.now() + length;
    return block(request.user!.id, { kind: 'exclusion', until }, RG_MESSAGES.blocked({ kind: 'exclusion', until }));
  });
};
