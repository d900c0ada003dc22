import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { migrateToLatest, openDatabase } from '../../db/database.ts';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Kysely query builder over SQLite or PostgreSQL; use it only from repositories. */
    db: Kysely<DB>;
    database: Database;
  }
}

export default fp(
  async (app) => {
    const database = openDatabase(app.config.database, (err) =>
      app.log.error({ err }, 'database connection lost'),
    );
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
  { name: 'db', dependencies: ['config'] },
);
