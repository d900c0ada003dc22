import type { ConfigEntry } from '@kaijiang/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { nowIso } from '../lib/time.ts';

export interface ConfigRepository {
  list(): Promise<ConfigEntry[]>;
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

export function createConfigRepository(db: Kysely<DB>, changes: ChangeFeed): ConfigRepository {
  return {
    async list() {
      const rows = await db
        .selectFrom('config_entries')
        .select(['config_key', 'config_value'])
        .orderBy('config_key')
        .execute();
      return rows.map((r) => ({ configKey: r.config_key, configValue: r.config_value }));
    },
    async get(key) {
      const row = await db
        .selectFrom('config_entries')
        .select('config_value')
        .where('config_key', '=', key)
        .executeTakeFirst();
      return row?.config_value;
    },
    async set(key, value) {
      const updated_at = nowIso();
      await db
        .insertInto('config_entries')
        .values({ config_key: key, config_value: value, updated_at })
        .onConflict((oc) =>
          oc.column('config_key').doUpdateSet({ config_value: value, updated_at }),
        )
        .execute();
      changes.emit('config');
    },
    async remove(key) {
      await db.deleteFrom('config_entries').where('config_key', '=', key).execute();
      changes.emit('config');
    },
  };
}
