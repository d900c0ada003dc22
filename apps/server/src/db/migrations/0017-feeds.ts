import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Real feeds (hkjc, macaujc, another kaijiang) in an ordered list per game, each one's state,
// the draws two feeds disagree on, and what the official feed says of the next draw.
export const feeds: Migration = {
  async up(db: AnyDb) {
    // JSON array of { kind, url, remote }: the primary first. Null: the single draw_source.
    await db.schema.alterTable('games').addColumn('feed_sources', 'text').execute();
    await db.schema
      .alterTable('games')
      .addColumn('grace_s', 'integer', (c) => c.notNull().defaultTo(60))
      .execute();
    await db.schema
      .alterTable('games')
      .addColumn('late_s', 'integer', (c) => c.notNull().defaultTo(120))
      .execute();

    // One row per game and list position, rewritten on every poll by the engine's holder.
    await db.schema
      .createTable('feed_states')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      .addColumn('url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('polled_by', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('last_poll_at', 'varchar(32)')
      .addColumn('last_ok_at', 'varchar(32)')
      // A short summary of the last answer (issue, balls), never the raw body.
      .addColumn('last_answer', 'text')
      .addColumn('last_error', 'varchar(300)')
      .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON: the last 30 { issue, lagS } of results this source gave.
      .addColumn('lags', 'text', (c) => c.notNull().defaultTo('[]'))
      .addPrimaryKeyConstraint('feed_states_pk', ['game_id', 'position'])
      .execute();

    await db.schema
      .createTable('draw_disputes')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      // JSON: [{ position, kind, numbers }] each source's result as it came.
      .addColumn('candidates', 'text', (c) => c.notNull())
      .addColumn('opened_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('settled_at', 'varchar(32)')
      .addColumn('settled_numbers', 'varchar(32)')
      .addPrimaryKeyConstraint('draw_disputes_pk', ['game_id', 'issue'])
      .execute();

    await db.schema
      .createTable('draw_upcoming')
      .addColumn('game_id', 'integer', (c) => c.primaryKey())
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      .addColumn('estimated_prize', 'bigint')
      .addColumn('sales_close_at', 'varchar(32)')
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('draw_upcoming').ifExists().execute();
    await db.schema.dropTable('draw_disputes').ifExists().execute();
    await db.schema.dropTable('feed_states').ifExists().execute();
    await db.schema.alterTable('games').dropColumn('late_s').execute();
    await db.schema.alterTable('games').dropColumn('grace_s').execute();
    await db.schema.alterTable('games').dropColumn('feed_sources').execute();
  },
};
