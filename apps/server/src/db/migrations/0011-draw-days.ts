import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// Draw days changed from a date (issue 15): games.draw_days holds the newest pattern; each row
// here is a pattern that held before a change, up to the day the next one began. Issues count
// each pattern's days, so the issues drawn before a change keep their numbers.
export const drawDays: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('game_earlier_days')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      // The first local day of the next pattern (YYYY-MM-DD).
      .addColumn('until_date', 'varchar(10)', (c) => c.notNull())
      // Comma list of weekdays 0=Sun..6; '' = every day.
      .addColumn('draw_days', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('game_earlier_days_pk', ['game_id', 'until_date'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('game_earlier_days').ifExists().execute();
  },
};
