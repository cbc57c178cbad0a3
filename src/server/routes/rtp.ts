import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getRtp } from '../../core/contracts/rtp';
import { RtpCache } from '../rtp/cache';
import { measuredRtp } from '../rtp/totals';
import { systemClock } from '../token/payout';
import type { Clock } from '../token/payout';
import { schemaOf } from './contract';

export interface RtpRoutesOptions {
  /** The clock of the answer's cache; tests pass their own. */
  clock?: Clock;
}

/**
 * GET /api/casino/rtp, for anyone: each game's measured RTP from the running sums (rtp/totals.ts),
 * read at most once a second per instance (rtp/cache.ts).
 */
export const rtpRoutes: FastifyPluginAsyncTypebox<RtpRoutesOptions> = async (app, { clock = systemClock }) => {
  const cache = new RtpCache(() => measuredRtp(app.db), () => clock.now());
  app.get(getRtp.path, { schema: schemaOf(getRtp) }, async () => ({ games: await cache.figures() }));
};
