import type { Migration } from 'kysely';
import { withSerialId } from './helpers.ts';
import type { AnyDb } from './helpers.ts';

// Timestamps are ISO-8601 UTC text: identical on both dialects and sortable as strings.
export const foundation: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('app_meta')
      .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('config_entries')
      .addColumn('config_key', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('config_value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('games')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('short_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('schedule', 'varchar(200)', (c) => c.notNull())
      .addColumn('draw_time', 'varchar(5)', (c) => c.notNull())
      .addColumn('draw_days', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('interval_minutes', 'integer')
      .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
      .addColumn('icon', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('stream_url', 'varchar(1000)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withSerialId(db, db.schema.createTable('game_groups'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('game_group_items')
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('game_groups.id').onDelete('cascade'),
      )
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('game_group_items_pk', ['group_id', 'game_id'])
      .execute();

    await db.schema
      .createTable('companies')
      .addColumn('code', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('logo', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('slogan', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_phone', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_wechat', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_telegram', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact_address', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('about_us', 'text', (c) => c.notNull())
      .addColumn('disclaimer', 'text', (c) => c.notNull())
      .addColumn('online_service_url', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withSerialId(db, db.schema.createTable('notices'))
      .addColumn('company_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notices_company_sort')
      .on('notices')
      .columns(['company_code', 'active', 'sort'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const t of [
      'notices',
      'companies',
      'game_group_items',
      'game_groups',
      'games',
      'config_entries',
      'app_meta',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
