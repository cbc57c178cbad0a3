import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { me } from '../../../core/contracts/auth';
import { AppError } from '../../errors';
import { findUserById, toPublicUser } from '../../users/repository';
import { schemaOf } from '../contract';

export const meRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    me.path,
    { onRequest: app.auth.requireUser, schema: schemaOf(me) },
    async (request) => {
      const user = await findUserById(app.db, request.user!.id);
      if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
      return { user: toPublicUser(user) };
    },
  );
};
