import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// draw_at is ISO-8601 UTC text like every timestamp here; `year` is the local calendar year of
// the draw in its game's time zone, stored so that history by year is an index range.
export const draws: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('draws')
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      .addColumn('draw_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('status', 'varchar(10)', (c) => c.notNull())
      // Revealed numbers in draw order, comma separated ("07,12,…"); '' before the first ball.
      .addColumn('numbers', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('draws_pk', ['game_id', 'issue'])
      .execute();
    // Newest-first pages, the latest finished draw and the open draw are all index ranges.
    await db.schema
      .createIndex('draws_game_status_time')
      .on('draws')
      .columns(['game_id', 'status', 'draw_at'])
      .execute();
    await db.schema
      .createIndex('draws_game_status_year_time')
      .on('draws')
      .columns(['game_id', 'status', 'year', 'draw_at'])
      .execute();
    await db.schema
      .createIndex('draws_game_time')
      .on('draws')
      .columns(['game_id', 'draw_at'])
      .execute();

    await db.schema
      .alterTable('games')
      .addColumn('draw_source', 'varchar(16)', (c) => c.notNull().defaultTo('simulator'))
      .execute();
    await db.schema.alterTable('games').addColumn('upstream_url', 'varchar(1000)').execute();
    await db.schema.alterTable('games').addColumn('upstream_game_id', 'integer').execute();

    // One row per engine; whoever holds an unexpired lease runs the draws.
    await db.schema
      .createTable('engine_leases')
      .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('holder', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },

  async down(db: AnyDb) {
    await db.schema.dropTable('engine_leases').ifExists().execute();
    await db.schema.dropTable('draws').ifExists().execute();
    await db.schema.alterTable('games').dropColumn('upstream_game_id').execute();
    await db.schema.alterTable('games').dropColumn('upstream_url').execute();
    await db.schema.alterTable('games').dropColumn('draw_source').execute();
  },
};
