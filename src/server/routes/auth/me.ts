import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { findUserById, toPublicUser } from '../../users/repository';
import { userSchema } from './schemas';

export const meRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/me',
    { preHandler: app.auth.requireUser, schema: { response: { 200: { type: 'object', required: ['user'], properties: { user: userSchema } } } } },
    async (request) => {
      const user = findUserById(app.db, request.user!.id);
      if (!user) throw new AppError(401, 'unauthorized', 'Please log in to continue.');
      return { user: toPublicUser(user) };
    },
  );
};
