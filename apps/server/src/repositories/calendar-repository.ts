import type { Kysely } from 'kysely';
import type { CalendarChange } from '@kaijiang/domain';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';

export interface CalendarRepository {
  /** Every game's exceptions, by game, each list in date order. */
  all(): Promise<Map<number, CalendarChange[]>>;
  /** Writes (or replaces) the exception of a game's day. */
  put(gameId: number, change: CalendarChange, updatedAt: string): Promise<void>;
  /** False when the day had none. */
  remove(gameId: number, date: string): Promise<boolean>;
}

export function createCalendarRepository(db: Kysely<DB>, changes: ChangeFeed): CalendarRepository {
  return {
    async all() {
      const rows = await db
        .selectFrom('draw_calendar')
        .select(['game_id', 'date', 'kind', 'draw_at', 'note'])
        .orderBy('game_id')
        .orderBy('date')
        .execute();
      const out = new Map<number, CalendarChange[]>();
      for (const r of rows) {
        const list = out.get(r.game_id) ?? [];
        list.push({ date: r.date, kind: r.kind, drawAt: r.draw_at, note: r.note });
        out.set(r.game_id, list);
      }
      return out;
    },
    async put(gameId, change, updatedAt) {
      const values = {
        game_id: gameId,
        date: change.date,
        kind: change.kind,
        draw_at: change.drawAt,
        note: change.note,
        updated_at: updatedAt,
      };
      await db
        .insertInto('draw_calendar')
        .values(values)
        .onConflict((oc) =>
          oc.columns(['game_id', 'date']).doUpdateSet({
            kind: values.kind,
            draw_at: values.draw_at,
            note: values.note,
            updated_at: values.updated_at,
          }),
        )
        .execute();
      // The schedule is part of the games: their caches are dropped with it.
      changes.emit('games');
    },
    async remove(gameId, date) {
      const result = await db
        .deleteFrom('draw_calendar')
        .where('game_id', '=', gameId)
        .where('date', '=', date)
        .executeTakeFirst();
      changes.emit('games');
      return Number(result.numDeletedRows) > 0;
    },
  };
}
