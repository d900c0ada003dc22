import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { createFailureLog } from '../../lib/failure-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kysely query builder over SQLite or PostgreSQL; use it only from repositories. */
    db: Kysely<DB>;
    database: Database;
  }
}

export default fp(
  async (app) => {
    // Each pooled connection reports a server restart on its own: one line per period.
    const lost = createFailureLog(app.log, 'database connection lost');
    const database = openDatabase(app.config.database, (err) => lost.failed(err));
    try {
      const { results } = await migrateToLatest(database.db, database.dialect);
      // One line for the lot: a new database takes every migration at once.
      const names = (results ?? []).map((r) => r.migrationName);
      if (names.length > 0) {
        app.log.info({ migrations: names.length, last: names.at(-1) }, 'database migrated');
      }
    } catch (err) {
      await database.close();
      throw err;
    }
    app.decorate('database', database);
    app.decorate('db', database.db);
    app.addHook('onClose', async () => {
      await database.close();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
