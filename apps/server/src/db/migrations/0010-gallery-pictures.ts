import { sql, type Migration } from 'kysely';
import { withSerialId, type AnyDb } from './helpers.ts';

// Several pictures per issue (issue 15): a gallery row stays the entry (title, issue,
// shown or hidden) and its thumb/image stay the first picture's, so lists and the public grid
// read one row per issue as before; the set itself, in order, is here.
export const galleryPictures: Migration = {
  async up(db: AnyDb) {
    await withSerialId(db, db.schema.createTable('gallery_pictures'))
      .addColumn('gallery_id', 'integer', (c) =>
        c.notNull().references('galleries.id').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('thumb', 'varchar(500)', (c) => c.notNull())
      .addColumn('image', 'varchar(500)', (c) => c.notNull())
      .addColumn('caption', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('gallery_pictures_order', ['gallery_id', 'position'])
      .execute();
    // Every existing entry's one picture becomes the first of its set.
    await sql`
      insert into gallery_pictures (gallery_id, position, thumb, image, caption)
      select id, 0, thumb, image, '' from galleries
    `.execute(db);
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('gallery_pictures').ifExists().execute();
  },
};
