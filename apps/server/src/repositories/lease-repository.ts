import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A named lease in the database: whoever holds an unexpired row does the job. Plain UPDATE and
 * INSERT … ON CONFLICT DO NOTHING decide races the same way on SQLite and PostgreSQL.
 * Every time here is the database's own: two instances whose clocks disagree would otherwise
 * each find the other's row expired and both hold the lease.
 */
export interface LeaseRepository {
  /** Takes or renews the lease until the database's now + ttl; false while another holds it. */
  acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
  holder(name: string): Promise<{ holder: string; expiresAt: string } | undefined>;
}

/** The database's clock as the ISO text the column holds (same shape as toISOString). */
interface DbClock {
  now(): RawBuilder<string>;
  plus(ms: number): RawBuilder<string>;
}

const postgresClock: DbClock = {
  // statement_timestamp: the time this statement began, not the (older) transaction start.
  now: () =>
    sql<string>`to_char(statement_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  plus: (ms) =>
    sql<string>`to_char((statement_timestamp() + make_interval(secs => ${ms / 1000})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

// One file, one clock: every process on it reads the same machine's time. 'now' is fixed for
// the duration of a statement.
const sqliteClock: DbClock = {
  now: () => sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  plus: (ms) =>
    sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ${`+${(ms / 1000).toFixed(3)} seconds`})`,
};

export function createLeaseRepository(db: Kysely<DB>): LeaseRepository {
  const clock = db.getExecutor().adapter instanceof PostgresAdapter ? postgresClock : sqliteClock;
  return {
    async acquire(name, holder, ttlMs) {
      const ttl = Math.max(1, Math.round(ttlMs));
      const r = await db
        .updateTable('engine_leases')
        .set({ holder, expires_at: clock.plus(ttl), updated_at: clock.now() })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', clock.now())]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) return true;
      const ins = await db
        .insertInto('engine_leases')
        .values({ name, holder, expires_at: clock.plus(ttl), updated_at: clock.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      return Number(ins.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async release(name, holder) {
      await db
        .deleteFrom('engine_leases')
        .where('name', '=', name)
        .where('holder', '=', holder)
        .execute();
    },
    async holder(name) {
      const row = await db
        .selectFrom('engine_leases')
        .select(['holder', 'expires_at'])
        .where('name', '=', name)
        .executeTakeFirst();
      return row && { holder: row.holder, expiresAt: row.expires_at };
    },
  };
}
