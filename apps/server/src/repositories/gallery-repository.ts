import type { GalleryDetail, GalleryItem } from '@kaijiang/domain';
import type { Kysely, Selectable } from 'kysely';
import type { DB, GalleryTable } from '../db/schema.ts';
import { nowIso } from '../lib/time.ts';
import { activeFlag, countRows, definedColumns, removeById } from './content-rows.ts';

export interface GalleryRecord extends GalleryItem {
  active: boolean;
}

export interface GalleryInput {
  gameId: number;
  issue: string;
  title: string;
  thumb: string;
  image: string;
  publishedAt?: string;
  active?: boolean;
}

export interface GalleryRepository {
  /** A game's pictures, newest issue first. */
  page(q: {
    gameId: number;
    limit: number;
    offset: number;
    includeHidden?: boolean;
  }): Promise<{ items: GalleryRecord[]; total: number }>;
  get(id: number): Promise<GalleryRecord | undefined>;
  /** A visible picture of a game with its neighbouring issues. */
  detail(gameId: number, id: number): Promise<GalleryDetail | undefined>;
  findByIssue(gameId: number, issue: string): Promise<GalleryRecord | undefined>;
  create(input: GalleryInput): Promise<GalleryRecord>;
  update(id: number, patch: Partial<GalleryInput>): Promise<GalleryRecord | undefined>;
  remove(id: number): Promise<boolean>;
  count(): Promise<number>;
}

const toRecord = (r: Selectable<GalleryTable>): GalleryRecord => ({
  id: r.id,
  gameId: r.game_id,
  issue: r.issue,
  title: r.title,
  thumb: r.thumb,
  image: r.image,
  publishedAt: r.published_at,
  active: r.active === 1,
});

/** Drops the admin-only flag, so public answers carry exactly the documented fields. */
export function publicGallery(r: GalleryRecord): GalleryItem {
  const { active: _hidden, ...item } = r;
  return item;
}

export function createGalleryRepository(db: Kysely<DB>): GalleryRepository {
  const get = async (id: number) => {
    const row = await db
      .selectFrom('galleries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toRecord(row);
  };
  return {
    async page({ gameId, limit, offset, includeHidden }) {
      let q = db.selectFrom('galleries').where('game_id', '=', gameId);
      if (!includeHidden) q = q.where('active', '=', 1);
      const [rows, count] = await Promise.all([
        q
          .selectAll()
          .orderBy('issue', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.n) };
    },
    get,
    async detail(gameId, id) {
      const row = await db
        .selectFrom('galleries')
        .selectAll()
        .where('id', '=', id)
        .where('game_id', '=', gameId)
        .where('active', '=', 1)
        .executeTakeFirst();
      if (!row) return undefined;
      // Issues of one game share one format, so text order is issue order.
      const visible = db
        .selectFrom('galleries')
        .select('id')
        .where('game_id', '=', gameId)
        .where('active', '=', 1);
      const [prev, next] = await Promise.all([
        visible.where('issue', '<', row.issue).orderBy('issue', 'desc').limit(1).executeTakeFirst(),
        visible.where('issue', '>', row.issue).orderBy('issue', 'asc').limit(1).executeTakeFirst(),
      ]);
      return {
        ...publicGallery(toRecord(row)),
        prevId: prev?.id ?? null,
        nextId: next?.id ?? null,
      };
    },
    async findByIssue(gameId, issue) {
      const row = await db
        .selectFrom('galleries')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    async create(g) {
      const now = nowIso();
      const row = await db
        .insertInto('galleries')
        .values({
          game_id: g.gameId,
          issue: g.issue,
          title: g.title,
          thumb: g.thumb,
          image: g.image,
          published_at: g.publishedAt ?? now,
          active: g.active === false ? 0 : 1,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toRecord(row);
    },
    async update(id, p) {
      const r = await db
        .updateTable('galleries')
        .set(
          definedColumns({
            game_id: p.gameId,
            issue: p.issue,
            title: p.title,
            thumb: p.thumb,
            image: p.image,
            published_at: p.publishedAt,
            active: activeFlag(p.active),
            updated_at: nowIso(),
          }),
        )
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0 ? get(id) : undefined;
    },
    remove: (id) => removeById(db, 'galleries', id),
    count: () => countRows(db, 'galleries'),
  };
}
