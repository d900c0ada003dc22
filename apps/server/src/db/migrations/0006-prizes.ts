import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// The Hong Kong prize record of a draw (dividends, turnover, jackpot carried), entered after the
// draw by an operator, an upstream or the simulator. The draw's time is kept beside it so that
// the record before a draw (whose jackpot it inherits) is one index seek.
export const prizes: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('draw_prizes')
      .addColumn('game_id', 'integer', (c) => c.notNull())
      .addColumn('issue', 'varchar(32)', (c) => c.notNull())
      .addColumn('draw_at', 'varchar(32)', (c) => c.notNull())
      // JSON of the record (PrizeInput): read and written whole, never queried inside.
      .addColumn('record', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('draw_prizes_pk', ['game_id', 'issue'])
      .execute();
    await db.schema
      .createIndex('draw_prizes_game_time')
      .on('draw_prizes')
      .columns(['game_id', 'draw_at'])
      .execute();
  },
  async down(db: AnyDb) {
    await db.schema.dropTable('draw_prizes').execute();
  },
};
