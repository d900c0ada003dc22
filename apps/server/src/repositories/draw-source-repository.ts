import type { DrawSourceSettings } from '@kaijiang/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

/** Which source feeds each game (simulator, manual, upstream) and the upstream's address. */
export interface DrawSourceRepository {
  get(gameId: number): Promise<DrawSourceSettings | undefined>;
  /** Every active game's settings, in display order. */
  list(): Promise<DrawSourceSettings[]>;
  set(settings: DrawSourceSettings): Promise<boolean>;
}

export function createDrawSourceRepository(db: Kysely<DB>): DrawSourceRepository {
  const base = () =>
    db.selectFrom('games').select(['id', 'draw_source', 'upstream_url', 'upstream_game_id']);
  const toSettings = (r: {
    id: number;
    draw_source: DrawSourceSettings['source'];
    upstream_url: string | null;
    upstream_game_id: number | null;
  }): DrawSourceSettings => ({
    gameId: r.id,
    source: r.draw_source,
    upstreamUrl: r.upstream_url,
    upstreamGameId: r.upstream_game_id,
  });
  return {
    async get(gameId) {
      const row = await base().where('id', '=', gameId).executeTakeFirst();
      return row && toSettings(row);
    },
    async list() {
      const rows = await base().where('active', '=', 1).orderBy('sort').orderBy('id').execute();
      return rows.map(toSettings);
    },
    async set(s) {
      const r = await db
        .updateTable('games')
        .set({
          draw_source: s.source,
          upstream_url: s.upstreamUrl,
          upstream_game_id: s.upstreamGameId,
        })
        .where('id', '=', s.gameId)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
  };
}
