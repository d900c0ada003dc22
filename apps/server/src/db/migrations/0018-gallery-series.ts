import { sql, type Migration } from 'kysely';
import { withSerialId, type AnyDb } from './helpers.ts';

// The picture library's named series (issue 45, docs/architecture.md §14). A series belongs to a
// game; each issue it has holds a set of pictures per variant (colour, mono); likes, comments and
// favourites hang off issues and series. Counters (views, likes, issue count, newest issue, cover)
// are kept on the series row so the grid reads one row per card, whatever the series' length.
export const gallerySeries: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('gallery_series'))
      .addColumn('game_id', 'integer', (c) =>
        c.notNull().references('games.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(40)', (c) => c.notNull())
      .addColumn('initials', 'varchar(40)', (c) => c.notNull())
      .addColumn('modes', 'varchar(8)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cover_issue', 'varchar(16)')
      .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('issue_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('latest_issue', 'varchar(16)')
      .addColumn('latest_at', 'varchar(32)')
      // The cover picture as a JSON GalleryImage, null for an empty series.
      .addColumn('cover', 'text')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addUniqueConstraint('gallery_series_game_name', ['game_id', 'name'])
      .execute();
    await db.schema
      .createIndex('gallery_series_grid')
      .on('gallery_series')
      .columns(['game_id', 'views', 'id'])
      .execute();

    await withSerialId(db, db.schema.createTable('gallery_series_issues'))
      .addColumn('series_id', 'integer', (c) =>
        c.notNull().references('gallery_series.id').onDelete('cascade'),
      )
      .addColumn('issue', 'varchar(16)', (c) => c.notNull())
      .addColumn('year', 'integer', (c) => c.notNull())
      .addColumn('published_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('comments', 'integer', (c) => c.notNull().defaultTo(0))
      // Issue order, prev/next and keyset paging all walk this constraint's index.
      .addUniqueConstraint('gallery_series_issues_order', ['series_id', 'issue'])
      .execute();
    await db.schema
      .createIndex('gallery_series_issues_year')
      .on('gallery_series_issues')
      .columns(['series_id', 'year', 'issue'])
      .execute();

    await withSerialId(db, db.schema.createTable('gallery_series_pictures'))
      .addColumn('issue_id', 'integer', (c) =>
        c.notNull().references('gallery_series_issues.id').onDelete('cascade'),
      )
      .addColumn('variant', 'varchar(8)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('thumb', 'varchar(300)', (c) => c.notNull())
      .addColumn('phone', 'varchar(300)', (c) => c.notNull())
      .addColumn('desktop', 'varchar(300)', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('caption', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('gallery_series_pictures_place', ['issue_id', 'variant', 'position'])
      .execute();

    // liker: 'm:<memberId>' or 'd:<device id>' (x-device-id), one like per issue each.
    await db.schema
      .createTable('gallery_likes')
      .addColumn('issue_id', 'integer', (c) =>
        c.notNull().references('gallery_series_issues.id').onDelete('cascade'),
      )
      .addColumn('liker', 'varchar(80)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('gallery_likes_pk', ['issue_id', 'liker'])
      .execute();

    await db.schema
      .createTable('gallery_favourites')
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('series_id', 'integer', (c) =>
        c.notNull().references('gallery_series.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('gallery_favourites_pk', ['member_id', 'series_id'])
      .execute();

    await withSerialId(db, db.schema.createTable('gallery_comments'))
      .addColumn('issue_id', 'integer', (c) =>
        c.notNull().references('gallery_series_issues.id').onDelete('cascade'),
      )
      .addColumn('member_id', 'integer', (c) =>
        c.notNull().references('members.id').onDelete('cascade'),
      )
      .addColumn('text', 'varchar(800)', (c) => c.notNull())
      .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('gallery_comments_issue')
      .on('gallery_comments')
      .columns(['issue_id', 'id'])
      .execute();

    // Issue 15's one unnamed series per game becomes a named one, 「综合图库」, with its entries
    // as issues and its pictures as the colour set. Those files were stored as uploaded (one size,
    // dimensions unknown): each serves as all three sizes, with a 3:4 box as the demo's sheets.
    const now = new Date().toISOString();
    await sql`
      insert into gallery_series (game_id, name, initials, modes, position, hidden, created_at, updated_at)
      select distinct game_id, '综合图库', 'zhtk', 'colour', 0, 0, ${now}, ${now} from galleries
    `.execute(db);
    await sql`
      insert into gallery_series_issues (series_id, issue, year, published_at, likes, comments)
      select s.id, g.issue, cast(substr(g.published_at, 1, 4) as integer), g.published_at, 0, 0
      from galleries g join gallery_series s on s.game_id = g.game_id and s.name = '综合图库'
      where g.active = 1
    `.execute(db);
    await sql`
      insert into gallery_series_pictures
        (issue_id, variant, position, thumb, phone, desktop, width, height, caption)
      select i.id, 'colour', p.position, p.thumb, p.image, p.image, 720, 960, p.caption
      from gallery_pictures p
      join galleries g on g.id = p.gallery_id
      join gallery_series s on s.game_id = g.game_id and s.name = '综合图库'
      join gallery_series_issues i on i.series_id = s.id and i.issue = g.issue
    `.execute(db);
    await sql`
      update gallery_series set
        issue_count = (select count(*) from gallery_series_issues i where i.series_id = gallery_series.id),
        latest_issue = (select max(i.issue) from gallery_series_issues i where i.series_id = gallery_series.id),
        latest_at = (select max(i.published_at) from gallery_series_issues i where i.series_id = gallery_series.id)
    `.execute(db);
  },
  async down(db: AnyDb) {
    for (const t of [
      'gallery_comments',
      'gallery_favourites',
      'gallery_likes',
      'gallery_series_pictures',
      'gallery_series_issues',
      'gallery_series',
    ]) {
      await db.schema.dropTable(t).ifExists().execute();
    }
  },
};
