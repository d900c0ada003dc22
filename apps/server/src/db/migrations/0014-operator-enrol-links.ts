import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// An operator the owner adds sets up the second factor through a link the owner hands over
// (issue 41): the hash of the link's token and when it lapses. The link works once; a new one
// replaces the old.
export const operatorEnrolLinks: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('operators').addColumn('enrol_hash', 'varchar(64)').execute();
    await db.schema.alterTable('operators').addColumn('enrol_expires_at', 'varchar(32)').execute();
  },
  async down(db: AnyDb) {
    await db.schema.alterTable('operators').dropColumn('enrol_expires_at').execute();
    await db.schema.alterTable('operators').dropColumn('enrol_hash').execute();
  },
};
