import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.ts';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { createFailureLog } from '../../lib/failure-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** Kysely query builder over SQLite or PostgreSQL; use it only from repositories. */
    db: Kysely<DB>;
    database: Database;
  }
}

export default fp(
  async (app, opts: { config: AppConfig }) => {
    app.decorate('config', opts.config);
    // Each pooled connection reports a server restart on its own: one line per period.
    const lost = createFailureLog(app.log, 'database connection lost');
    const database = openDatabase(opts.config.database, (err) => lost.failed(err));
    try {
      const { results } = await migrateToLatest(database.db, database.dialect);
      for (const r of results ?? []) app.log.info({ migration: r.migrationName }, 'migrated');
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
  { name: 'db' },
);
