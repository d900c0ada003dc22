import type { Kysely } from 'kysely';
import type { CalendarChange, EarlierDays } from '@kaijiang/domain';
import type { DB } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';

export interface CalendarRepository {
  /** Every game's exceptions, by game, each list in date order. */
  all(): Promise<Map<number, CalendarChange[]>>;
  /** Writes (or replaces) the exception of a game's day. */
  put(gameId: number, change: CalendarChange, updatedAt: string): Promise<void>;
  /** False when the day had none. */
  remove(gameId: number, date: string): Promise<boolean>;
  /** Every game's earlier draw days, by game, oldest first. */
  earlierDays(): Promise<Map<number, EarlierDays[]>>;
  /** A game's draw days from now on and the patterns before them, with its schedule's words. */
  setDrawDays(
    gameId: number,
    next: { drawDays: number[]; earlier: EarlierDays[]; schedule: string; at: string },
  ): Promise<void>;
}

const daysText = (days: readonly number[]) => [...days].sort((a, b) => a - b).join(',');
const daysOf = (text: string) => (text ? text.split(',').map(Number) : []);

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
    async earlierDays() {
      const rows = await db
        .selectFrom('game_earlier_days')
        .select(['game_id', 'until_date', 'draw_days'])
        .orderBy('game_id')
        .orderBy('until_date')
        .execute();
      const out = new Map<number, EarlierDays[]>();
      for (const r of rows) {
        const list = out.get(r.game_id) ?? [];
        list.push({ until: r.until_date, days: daysOf(r.draw_days) });
        out.set(r.game_id, list);
      }
      return out;
    },
    async setDrawDays(gameId, next) {
      await db.transaction().execute(async (tx) => {
        await tx.deleteFrom('game_earlier_days').where('game_id', '=', gameId).execute();
        if (next.earlier.length > 0) {
          await tx
            .insertInto('game_earlier_days')
            .values(
              next.earlier.map((e) => ({
                game_id: gameId,
                until_date: e.until,
                draw_days: daysText(e.days),
                created_at: next.at,
              })),
            )
            .execute();
        }
        await tx
          .updateTable('games')
          .set({ draw_days: daysText(next.drawDays), schedule: next.schedule })
          .where('id', '=', gameId)
          .execute();
      });
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
