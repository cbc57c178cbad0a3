import fp from 'fastify-plugin';
import { openDatabase } from '../db/database';
import type { Database } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export const databasePlugin = fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const db = openDatabase(dataDir);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database' },
);
