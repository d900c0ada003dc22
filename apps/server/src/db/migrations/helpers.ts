import { PostgresAdapter } from 'kysely';
import type { CreateTableBuilder, Kysely } from 'kysely';

// Migrations receive Kysely<any> on purpose: they describe the schema as it was at that version,
// not as the current DB interface says.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-numbered integer primary key: SERIAL on PostgreSQL, AUTOINCREMENT on SQLite. */
export function withSerialId<T extends string>(
  db: AnyDb,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
