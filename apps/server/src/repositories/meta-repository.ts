import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Private key/value facts of this installation (seed markers, generated secrets); never published. */
export interface MetaRepository {
  get(key: string): Promise<string | undefined>;
  /** Stores value unless the key exists; returns the stored value (first writer wins). */
  getOrInsert(key: string, value: string): Promise<string>;
  set(key: string, value: string): Promise<void>;
}

export function createMetaRepository(db: Kysely<DB>): MetaRepository {
  const get = async (key: string) =>
    (await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;
  return {
    get,
    async getOrInsert(key, value) {
      await db
        .insertInto('app_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return (await get(key)) ?? value;
    },
    async set(key, value) {
      await db
        .insertInto('app_meta')
        .values({ key, value })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
        .execute();
    },
  };
}
