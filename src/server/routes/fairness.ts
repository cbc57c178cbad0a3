import type { FastifyPluginAsync } from 'fastify';
import { CLIENT_SEED_MAX_LENGTH, isValidClientSeed } from '../../core/fairness/seeds';
import { AppError, badRequest, notFound } from '../errors';
import { betDetail } from '../bets/record';
import { loadSeeds, revealedPairs, rotateSeeds } from '../fairness/seeds';

const CLIENT_SEED_RULE = `Client seed must be 1 to ${CLIENT_SEED_MAX_LENGTH} visible characters without spaces.`;

const clientSeedSchema = { type: 'string', minLength: 1, maxLength: CLIENT_SEED_MAX_LENGTH } as const;

function checkClientSeed(seed: string): string {
  if (!isValidClientSeed(seed)) throw badRequest(CLIENT_SEED_RULE, 'invalid_client_seed');
  return seed;
}

export const fairnessRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { clientSeed?: string } }>(
    '/casino/get-seed',
    {
      onRequest: app.auth.requireUser,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: { clientSeed: clientSeedSchema } },
      },
    },
    async (request) => {
      const user = request.user!;
      // The browser's random client seed is adopted only under the rule in loadSeeds (fairness.md).
      const offered = request.query.clientSeed;
      return loadSeeds(app.db, user.id, offered === undefined ? undefined : checkClientSeed(offered));
    },
  );

  app.post<{ Body: { clientSeed: string } }>(
    '/casino/rotate-seed',
    {
      onRequest: app.auth.requireUser,
      schema: {
        body: { type: 'object', required: ['clientSeed'], additionalProperties: false, properties: { clientSeed: clientSeedSchema } },
      },
    },
    async (request) => {
      const user = request.user!;
      const clientSeed = checkClientSeed(request.body.clientSeed);
      const open = app.openGames.find(user.id);
      if (open) {
        throw new AppError(409, 'game_in_progress', `Finish your ${open} game before changing seeds.`);
      }
      const rotated = rotateSeeds(app.db, user.id, clientSeed);
      const { revealedAt: _revealedAt, ...previous } = rotated.previous;
      return { ...rotated, previous };
    },
  );

  app.get('/casino/get-seed-history', { onRequest: app.auth.requireUser }, async (request) => ({
    seeds: revealedPairs(app.db, request.user!.id),
  }));

  app.get<{ Querystring: { id: string } }>(
    '/casino/get-bet',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          // Query strings are text: the one place a number is read from a string.
          properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,14}$' } },
        },
      },
    },
    async (request) => {
      const bet = betDetail(app.db, Number(request.query.id));
      if (!bet) throw notFound('No bet with that id.', 'bet_not_found');
      return { bet };
    },
  );
};
