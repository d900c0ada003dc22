import type { Migration } from 'kysely';
import { canonicalEndpoint } from '../../lib/push-endpoints.ts';
import type { AnyDb } from './helpers.ts';

const PAGE = 5_000;

interface Row {
  id: number;
  endpoint: string;
  updated_at: string;
}

// Push endpoints are stored in one spelling from now on (lib/push-endpoints.ts, issue 41). A device
// saved under several spellings before (upper-case host, :443, an empty `?`) is one device: its
// rows are merged into the one it saved last (the newest keys and games), under the one spelling.
export const pushEndpoints: Migration = {
  async up(db: AnyDb) {
    // Only rows not yet in their one spelling, by that spelling: few, so held in memory.
    const spelt = new Map<string, Row[]>();
    for (let after = 0; ;) {
      const rows = (await db
        .selectFrom('push_subscriptions')
        .select(['id', 'endpoint', 'updated_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute()) as Row[];
      for (const r of rows) {
        const one = canonicalEndpoint(r.endpoint);
        if (one !== null && one !== r.endpoint) spelt.set(one, [...(spelt.get(one) ?? []), r]);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.id;
    }
    for (const [one, rows] of spelt) {
      await db.transaction().execute(async (trx) => {
        const already = (await trx
          .selectFrom('push_subscriptions')
          .select(['id', 'endpoint', 'updated_at'])
          .where('endpoint', '=', one)
          .execute()) as Row[];
        const all = [...already, ...rows].sort(
          (a, b) => a.updated_at.localeCompare(b.updated_at) || a.id - b.id,
        );
        const keep = all[all.length - 1]!;
        const drop = all.filter((r) => r.id !== keep.id).map((r) => r.id);
        if (drop.length > 0) {
          // Topics go with their subscription (on delete cascade), but not every SQLite
          // connection enforces foreign keys: removed here by hand as well.
          await trx.deleteFrom('push_topics').where('subscription_id', 'in', drop).execute();
          await trx.deleteFrom('push_subscriptions').where('id', 'in', drop).execute();
        }
        await trx
          .updateTable('push_subscriptions')
          .set({ endpoint: one })
          .where('id', '=', keep.id)
          .execute();
      });
    }
  },
  async down() {
    // The other spellings are gone for good; the one kept is still a valid endpoint.
  },
};
