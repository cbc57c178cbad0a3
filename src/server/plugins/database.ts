import fp from 'fastify-plugin';
import { openDatabase } from '../db/database';
import type { Database, SqliteSynchronous } from '../db/database';
import { GroupCommit } from '../db/groupCommit';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    /** Bets share one commit (and one fsync) per event-loop turn; answered once durable (db/groupCommit.ts). */
    groupCommit: GroupCommit;
  }
}

export const databasePlugin = fp<{ dataDir: string; synchronous?: SqliteSynchronous }>(
  async (app, { dataDir, synchronous }) => {
    const db = openDatabase(dataDir, synchronous === undefined ? {} : { synchronous });
    const groupCommit = new GroupCommit(db);
    app.decorate('db', db);
    app.decorate('groupCommit', groupCommit);
    app.addHook('onClose', async () => {
      groupCommit.close();
      db.close();
    });
  },
  { name: 'database' },
);
