import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/**
 * A named lease in the database: whoever holds an unexpired row does the job. Plain UPDATE and
 * INSERT … ON CONFLICT DO NOTHING decide races the same way on SQLite and PostgreSQL.
 */
export interface LeaseRepository {
  /** Takes or renews the lease until now + ttl; false while someone else holds it. */
  acquire(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  release(name: string, holder: string): Promise<void>;
  holder(name: string): Promise<{ holder: string; expiresAt: string } | undefined>;
}

export function createLeaseRepository(db: Kysely<DB>): LeaseRepository {
  return {
    async acquire(name, holder, now, ttlMs) {
      const nowIso = now.toISOString();
      const expires_at = new Date(now.getTime() + ttlMs).toISOString();
      const r = await db
        .updateTable('engine_leases')
        .set({ holder, expires_at, updated_at: nowIso })
        .where('name', '=', name)
        .where((eb) => eb.or([eb('holder', '=', holder), eb('expires_at', '<', nowIso)]))
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) > 0) return true;
      const ins = await db
        .insertInto('engine_leases')
        .values({ name, holder, expires_at, updated_at: nowIso })
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
