import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Where each draw came from (simulator, manual, kaijiang, hkjc, macaujc, import) and when this
// installation first saw it; and a game's eras (from which draw its numbers go up to 45, 47 or
// 49 and what a unit costs), stored with the game as JSON so an operator edits data, not code.
// Draws stored before this knew no source: the simulator made nearly all of them.
export const drawProvenance: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .alterTable('draws')
      .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('simulator'))
      .execute();
    await db.schema.alterTable('draws').addColumn('first_seen_at', 'varchar(32)').execute();
    await sql`update draws set first_seen_at = created_at`.execute(db);
    await db.schema.alterTable('games').addColumn('eras', 'text').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('games').dropColumn('eras').execute();
    await db.schema.alterTable('draws').dropColumn('first_seen_at').execute();
    await db.schema.alterTable('draws').dropColumn('source').execute();
  },
};
