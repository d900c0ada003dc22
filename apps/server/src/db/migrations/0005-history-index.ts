import type { Migration } from 'kysely';
import type { AnyDb } from './helpers.ts';

// History pages by key: newest first by (draw time, issue), for a game or one of its years.
// The issue ends each index so that ties in draw time (imported draws) are ordered by the index
// too, and a page is one seek whatever its depth. They replace the indexes of 0002 they extend.
export const historyIndex: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createIndex('draws_game_status_time_issue')
      .on('draws')
      .columns(['game_id', 'status', 'draw_at', 'issue'])
      .execute();
    await db.schema
      .createIndex('draws_game_status_year_time_issue')
      .on('draws')
      .columns(['game_id', 'status', 'year', 'draw_at', 'issue'])
      .execute();
    await db.schema.dropIndex('draws_game_status_time').execute();
    await db.schema.dropIndex('draws_game_status_year_time').execute();
  },
  async down(db: AnyDb) {
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
    await db.schema.dropIndex('draws_game_status_time_issue').execute();
    await db.schema.dropIndex('draws_game_status_year_time_issue').execute();
  },
};
