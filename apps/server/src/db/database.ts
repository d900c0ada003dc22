import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import type { MigrationResultSet } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { DB } from './schema.ts';
import { createSqliteDialect } from './sqlite-dialect.ts';

export type DialectName = DatabaseConfig['kind'];

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /** One round trip (`select 1`): the health check's probe, so routes need not reach into db/. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

// PostgreSQL returns BIGINT (e.g. count(*)) as text by default; our counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function openDatabase(
  config: DatabaseConfig,
  onIdleError: (err: Error) => void = () => undefined,
): Database {
  if (config.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: 10,
      // A server that does not answer at all (partition, blackhole) fails the call instead of
      // holding it, and the engine's loop, forever.
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    // A connection dropped by the server (restart, failover) must not crash the process; the
    // pool replaces it and the health check reports the outage. The pool listens on idle
    // connections only: one in use between two queries (a transaction, or the moment between
    // checkout and query) would emit 'error' to nobody, and that is an uncaught exception.
    pool.on('error', onIdleError);
    pool.on('connect', (client) => client.on('error', onIdleError));
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      ping: () => pingDatabase(db),
      close: once(() => db.destroy()),
    };
  }
  fs.mkdirSync(path.dirname(config.file), { recursive: true });
  const db = new Kysely<DB>({ dialect: createSqliteDialect(config.file) });
  return { db, dialect: 'sqlite', ping: () => pingDatabase(db), close: once(() => db.destroy()) };
}

/** Closing twice (shutdown racing a failed start, tests) must not throw. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

export async function migrateToLatest(
  db: Kysely<DB>,
  dialect: DialectName,
): Promise<MigrationResultSet> {
  // Kysely looks for its bookkeeping tables in every schema; name ours (the first on the
  // search_path) so a second installation in the same database is not mistaken for this one.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s
      : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema && { migrationTableSchema }),
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '?'} failed`, { cause: result.error });
  }
  return result;
}

export async function pingDatabase(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
