import {
  erasProblems,
  GameEraSchema,
  type Game,
  type GameEra,
  type GameGroup,
} from '@kaijiang/domain';
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Kysely, Selectable } from 'kysely';
import type { DB, GameTable } from '../db/schema.ts';
import type { ChangeFeed } from '../lib/change-feed.ts';

export interface GameRecord extends Game {
  sort: number;
  active: boolean;
}

export interface GameRepository {
  /** Active games in display order. */
  list(): Promise<Game[]>;
  get(id: number): Promise<Game | undefined>;
  /** Sets or clears (null) a game's live stream; false when no such game. */
  setStreamUrl(id: number, url: string | null): Promise<boolean>;
  /** A daily or weekly game's draw time (HH:mm) and the schedule's wording with it. */
  setDrawTime(id: number, drawTime: string, schedule: string): Promise<boolean>;
  upsert(game: GameRecord): Promise<void>;
  count(): Promise<number>;
  /** Groups in display order, each listing its active games in order. */
  listGroups(): Promise<GameGroup[]>;
  /** Replaces every group; games are referenced by id. */
  replaceGroups(groups: GameGroup[]): Promise<void>;
}

const checkEras = Compile(Type.Array(GameEraSchema, { maxItems: 20 }));

/** Stored eras as the game's; a list that does not hold together is left out (one era). */
function erasOf(text: string | null): GameEra[] | undefined {
  if (!text) return undefined;
  try {
    const eras: unknown = JSON.parse(text);
    return checkEras.Check(eras) && erasProblems(eras).length === 0 ? eras : undefined;
  } catch {
    return undefined;
  }
}

function toGame(row: Selectable<GameTable>): Game {
  const game: Game = {
    id: row.id,
    name: row.name,
    shortName: row.short_name,
    schedule: row.schedule,
    drawTime: row.draw_time,
    drawDays: row.draw_days ? row.draw_days.split(',').map(Number) : [],
    timezone: row.timezone,
    icon: row.icon,
  };
  if (row.interval_minutes !== null) game.intervalMinutes = row.interval_minutes;
  if (row.stream_url) game.streamUrl = row.stream_url;
  const eras = erasOf(row.eras);
  if (eras) game.eras = eras;
  if (row.code) game.code = row.code;
  return game;
}

export function createGameRepository(db: Kysely<DB>, changes: ChangeFeed): GameRepository {
  return {
    async list() {
      const rows = await db
        .selectFrom('games')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('sort')
        .orderBy('id')
        .execute();
      return rows.map(toGame);
    },
    async get(id) {
      const row = await db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toGame(row) : undefined;
    },
    async setDrawTime(id, drawTime, schedule) {
      const r = await db
        .updateTable('games')
        .set({ draw_time: drawTime, schedule })
        .where('id', '=', id)
        .executeTakeFirst();
      changes.emit('games');
      return Number(r.numUpdatedRows) > 0;
    },
    async setStreamUrl(id, url) {
      const r = await db
        .updateTable('games')
        .set({ stream_url: url })
        .where('id', '=', id)
        .executeTakeFirst();
      changes.emit('games');
      return Number(r.numUpdatedRows) > 0;
    },
    async upsert(g) {
      const values = {
        name: g.name,
        short_name: g.shortName,
        schedule: g.schedule,
        draw_time: g.drawTime,
        draw_days: [...g.drawDays].sort((a, b) => a - b).join(','),
        interval_minutes: g.intervalMinutes ?? null,
        timezone: g.timezone,
        icon: g.icon,
        stream_url: g.streamUrl ?? null,
        eras: g.eras ? JSON.stringify(g.eras) : null,
        code: g.code ?? null,
        sort: g.sort,
        active: g.active ? (1 as const) : (0 as const),
      };
      await db
        .insertInto('games')
        .values({ id: g.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
      changes.emit('games');
    },
    async count() {
      const row = await db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async listGroups() {
      const groups = await db
        .selectFrom('game_groups')
        .select(['id', 'name'])
        .orderBy('sort')
        .orderBy('id')
        .execute();
      const items = await db
        .selectFrom('game_group_items as i')
        .innerJoin('games as g', 'g.id', 'i.game_id')
        .select(['i.group_id', 'i.game_id'])
        .where('g.active', '=', 1)
        .orderBy('i.group_id')
        .orderBy('i.sort')
        .execute();
      return groups.map((grp) => ({
        groupName: grp.name,
        games: items.filter((i) => i.group_id === grp.id).map((i) => i.game_id),
      }));
    },
    async replaceGroups(groups) {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('game_group_items').execute();
        await trx.deleteFrom('game_groups').execute();
        for (const [sort, group] of groups.entries()) {
          const { id } = await trx
            .insertInto('game_groups')
            .values({ name: group.groupName, sort })
            .returning('id')
            .executeTakeFirstOrThrow();
          const rows = group.games.map((game_id, i) => ({ group_id: id, game_id, sort: i }));
          if (rows.length) await trx.insertInto('game_group_items').values(rows).execute();
        }
      });
      changes.emit('game-groups');
    },
  };
}
