import type { Migration } from 'kysely';
import { withSerialId } from './helpers.ts';
import type { AnyDb } from './helpers.ts';

export const content: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('news'))
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('cover', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('summary', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      // Stored sanitised: every reader gets the same safe HTML without cleaning it again.
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('category', 'varchar(32)', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('news_published')
      .on('news')
      .columns(['active', 'published_at'])
      .execute();
    await db.schema
      .createIndex('news_category_published')
      .on('news')
      .columns(['category', 'active', 'published_at'])
      .execute();

    await withSerialId(db, db.schema.createTable('galleries'))
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      .addColumn('title', 'varchar(200)', (c) => c.notNull())
      .addColumn('thumb', 'varchar(500)', (c) => c.notNull())
      .addColumn('image', 'varchar(500)', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      // One picture per issue and game: previous/next issue is then well defined.
      .addUniqueConstraint('galleries_game_issue', ['game_id', 'issue'])
      .execute();

    await withSerialId(db, db.schema.createTable('faqs'))
      .addColumn('question', 'varchar(300)', (c) => c.notNull())
      .addColumn('answer', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    await withSerialId(db, db.schema.createTable('team_conditions'))
      .addColumn('tier', 'varchar(100)', (c) => c.notNull())
      .addColumn('requirement', 'varchar(1000)', (c) => c.notNull())
      .addColumn('benefit', 'varchar(1000)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .execute();

    // No address is kept: the per-address limit lives in the rate limiter, not in this table.
    await withSerialId(db, db.schema.createTable('visitor_questions'))
      .addColumn('name', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('answer', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('answered_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('visitor_questions_status')
      .on('visitor_questions')
      .columns(['status', 'id'])
      .execute();
  },

  async down(db: AnyDb) {
    for (const t of ['visitor_questions', 'team_conditions', 'faqs', 'galleries', 'news']) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
