import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './helpers.ts';

// As they were when this was written (a migration never follows later code).
const BUILT_IN_CODES: Record<number, string> = { 110: 'macaujc2', 111: 'hk6', 120: 'jisu6' };
const HONG_KONG_ERAS = [
  { fromIssue: '1993001', maxNumber: 45, unitStake: 4 },
  { fromIssue: '1995042', maxNumber: 45, unitStake: 5 },
  { fromIssue: '1996001', maxNumber: 47, unitStake: 5 },
  { fromIssue: '2002053', maxNumber: 49, unitStake: 5 },
  { fromIssue: '2010130', maxNumber: 49, unitStake: 10 },
];

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
    // The short name feeds use for a game (macaujc2, hk6): the compatible output's address.
    await db.schema.alterTable('games').addColumn('code', 'varchar(32)').execute();
    for (const [id, code] of Object.entries(BUILT_IN_CODES)) {
      await sql`update games set code = ${code} where id = ${Number(id)}`.execute(db);
    }
    await sql`update games set eras = ${JSON.stringify(HONG_KONG_ERAS)} where id = 111`.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('games').dropColumn('code').execute();
    await db.schema.alterTable('games').dropColumn('eras').execute();
    await db.schema.alterTable('draws').dropColumn('first_seen_at').execute();
    await db.schema.alterTable('draws').dropColumn('source').execute();
  },
};
