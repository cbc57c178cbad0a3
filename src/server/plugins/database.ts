import fp from 'fastify-plugin';
import { openDatabase } from '../db/database';
import type { Database, SqliteSynchronous } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export const databasePlugin = fp<{ dataDir: string; synchronous?: SqliteSynchronous }>(
  async (app, { dataDir, synchronous }) => {
    const db = openDatabase(dataDir, synchronous === undefined ? {} : { synchronous });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database' },
);
