import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getRtp } from '../../core/contracts/rtp';
import { measuredRtp } from '../rtp/totals';
import { schemaOf } from './contract';

/** GET /api/casino/rtp, for anyone: each game's measured RTP from the running sums (rtp/totals.ts). */
export const rtpRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(getRtp.path, { schema: schemaOf(getRtp) }, async () => ({ games: await measuredRtp(app.db) }));
};
