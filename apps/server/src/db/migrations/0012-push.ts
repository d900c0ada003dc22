import type { Migration } from 'kysely';
import { withSerialId, type AnyDb } from './helpers.ts';

// Web Push (issue 16): a device's subscription (its push service endpoint and keys), the games
// it follows, and one job per finished draw that the sender works through by subscription id.
export const push: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('push_subscriptions'))
      // A capability URL of the device's push service: whoever knows it may change its games.
      .addColumn('endpoint', 'varchar(1024)', (c) => c.notNull().unique())
      .addColumn('p256dh', 'varchar(100)', (c) => c.notNull())
      .addColumn('auth', 'varchar(40)', (c) => c.notNull())
      // The script its notifications are written in (zh-Hans / zh-Hant).
      .addColumn('lang', 'varchar(8)', (c) => c.notNull())
      // Sends that failed in a row (not counting 404/410, which remove it at once).
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('push_topics')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('subscription_id', 'integer', (c) =>
        c.notNull().references('push_subscriptions.id').onDelete('cascade'),
      )
      // By game, then subscription: the sender walks one game's devices in id order.
      .addPrimaryKeyConstraint('push_topics_pk', ['game_id', 'subscription_id'])
      .execute();
    await db.schema
      .createIndex('push_topics_subscription')
      .on('push_topics')
      .column('subscription_id')
      .execute();
    await withSerialId(db, db.schema.createTable('push_jobs'))
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      // The finished draw as the message needs it: numbers and the game's name at that moment.
      .addColumn('draw', 'text', (c) => c.notNull())
      .addColumn('state', 'varchar(8)', (c) => c.notNull())
      // The last subscription id done: a new holder after a crash carries on from here.
      .addColumn('after_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('gone', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('done_at', 'varchar(32)')
      // One job per draw, whichever instance saw it finish (and however often).
      .addUniqueConstraint('push_jobs_draw', ['game_id', 'issue'])
      .execute();
    await db.schema
      .createIndex('push_jobs_state')
      .on('push_jobs')
      .columns(['state', 'id'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('push_jobs').ifExists().execute();
    await db.schema.dropTable('push_topics').ifExists().execute();
    await db.schema.dropTable('push_subscriptions').ifExists().execute();
  },
};
