import fp from 'fastify-plugin';
import { openDatabase } from '../db/database';
import type { Database, SqliteSynchronous } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The casino's database, SQLite or PostgreSQL (db/sql.ts). `app.db.transaction(work)` is how
     * money moves: all or nothing, answered once durable (on SQLite in a group commit).
     */
    db: Database;
  }
}

export interface DatabasePluginOptions {
  dataDir: string;
  synchronous?: SqliteSynchronous;
  url?: string | null;
  schema?: string | null;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { dataDir, synchronous, url, schema }) => {
    const db = await openDatabase({
      dataDir,
      url: url ?? null,
      schema: schema ?? null,
      ...(synchronous === undefined ? {} : { synchronous }),
      backgroundCheckpoints: true,
    });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.close();
    });
  },
  { name: 'database' },
);
