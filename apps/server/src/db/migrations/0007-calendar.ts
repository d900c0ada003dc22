import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Exceptions to a game's regular schedule, one per game and local day: the draw of that day
// moved (to draw_at), the day skipped, or a draw added (at draw_at). The engine follows them.
export const calendar: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('draw_calendar')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('date', 'varchar(10)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('draw_at', 'varchar(32)')
      .addColumn('note', 'varchar(200)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('draw_calendar_pk', ['game_id', 'date'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('draw_calendar').execute();
  },
};
