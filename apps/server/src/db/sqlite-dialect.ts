// Kysely's SqliteDialect speaks better-sqlite3; this adapts Node's built-in node:sqlite to that
// shape so we need no native addon.
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { SqliteDialect } from 'kysely';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

function toSqlite(value: unknown): SQLInputValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (
    typeof value === 'number' ||
    typeof value === 'bigint' ||
    typeof value === 'string' ||
    value instanceof Uint8Array
  ) {
    return value;
  }
  return JSON.stringify(value);
}

const params = (p: ReadonlyArray<unknown>) => p.map(toSqlite);

function adaptStatement(stmt: StatementSync, fresh: () => StatementSync): SqliteStatement {
  return {
    // A statement returns rows exactly when it has result columns (SELECT, … RETURNING).
    reader: stmt.columns().length > 0,
    all: (p) => stmt.all(...params(p)),
    run: (p) => {
      const r = stmt.run(...params(p));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    // A stream holds its statement open across awaits; a shared one would be reset under it by
    // the next query of the same text. `all` and `run` finish before they return.
    iterate: (p) => fresh().iterate(...params(p)),
  };
}

/**
 * Prepared statements kept per SQL text. Kysely compiles the same text for each call of a query
 * (values are parameters), and preparing it again was a quarter of a history page's time under
 * load. Bounded: the texts come from our code, but IN lists vary in length.
 */
const STATEMENTS_MAX = 256;

function statementCache(db: DatabaseSync) {
  const kept = new Map<string, SqliteStatement>();
  return (sql: string): SqliteStatement => {
    let stmt = kept.get(sql);
    if (!stmt) {
      stmt = adaptStatement(db.prepare(sql), () => db.prepare(sql));
      if (kept.size >= STATEMENTS_MAX) kept.delete(kept.keys().next().value!);
      kept.set(sql, stmt);
    }
    return stmt;
  };
}

export type SqliteSynchronous = 'FULL' | 'NORMAL';

/** `synchronous` is a parameter only so that the bench can price FULL against NORMAL. */
export function openSqlite(file: string, synchronous: SqliteSynchronous = 'FULL'): DatabaseSync {
  const db = new DatabaseSync(file);
  // WAL lets readers proceed during a write; busy_timeout covers a second process (CLI, tests).
  db.exec('PRAGMA journal_mode = WAL');
  // FULL syncs the WAL at every commit. NORMAL only at checkpoints, so a power cut could take
  // back a ball that visitors have already seen (cost measured by `npm run bench db`).
  db.exec(`PRAGMA synchronous = ${synchronous}`);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec('PRAGMA busy_timeout = 5000');
  return db;
}

export function createSqliteDialect(file: string, synchronous?: SqliteSynchronous): SqliteDialect {
  return new SqliteDialect({
    database: async (): Promise<SqliteDatabase> => {
      const db = openSqlite(file, synchronous);
      return {
        prepare: statementCache(db),
        close: () => db.close(),
      };
    },
  });
}
