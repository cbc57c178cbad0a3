import type { FastifyPluginAsync } from 'fastify';
import type { ServerConfig } from '../../config';
import { createMailer } from '../../auth/mailer';
import type { Mailer } from '../../auth/mailer';
import { prepareDummyHash } from '../../auth/passwords';
import type { AccountsOptions } from './context';
import { emailRoutes } from './email';
import { loginRoute } from './login';
import { meRoute } from './me';
import { mfaRoutes } from './mfa';
import { passwordRoutes } from './password';
import { registerRoute } from './register';
import { sessionRoutes } from './session';

/** Every /auth call of docs/product.md plus register, login and me; mounted under /api/auth. */
export const authRoutes: FastifyPluginAsync<{ config: ServerConfig; mailer?: Mailer }> = async (app, { config, mailer }) => {
  const options: AccountsOptions = {
    publicUrl: config.publicUrl,
    rateLimits: config.rateLimits,
    mailer: mailer ?? createMailer({ ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}), mailFrom: config.mailFrom, dataDir: config.dataDir }, app.log),
  };
  prepareDummyHash().catch((error: unknown) => app.log.error({ err: error }, 'could not prepare the dummy password hash'));
  await app.register(registerRoute, options);
  await app.register(loginRoute, options);
  await app.register(sessionRoutes);
  await app.register(emailRoutes, options);
  await app.register(passwordRoutes, options);
  await app.register(mfaRoutes);
  await app.register(meRoute);
};
