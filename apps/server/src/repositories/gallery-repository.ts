import type { GalleryDetail, GalleryItem, GalleryPicture } from '@kaijiang/domain';
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
  /** The set in order (at least one); the entry's thumb/image are the first's. */
  pictures: GalleryPicture[];
  publishedAt?: string;
  active?: boolean;
}

export type GalleryPatch = Partial<Omit<GalleryInput, 'pictures'>> & {
  pictures?: GalleryPicture[];
};

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
  /** An entry's pictures in order. */
  pictures(id: number): Promise<GalleryPicture[]>;
  create(input: GalleryInput): Promise<GalleryRecord>;
  update(id: number, patch: GalleryPatch): Promise<GalleryRecord | undefined>;
  remove(id: number): Promise<boolean>;
  count(): Promise<number>;
}

type Row = Selectable<GalleryTable> & { picture_count: number | string | null };

const toRecord = (r: Row): GalleryRecord => ({
  id: r.id,
  gameId: r.game_id,
  issue: r.issue,
  title: r.title,
  thumb: r.thumb,
  image: r.image,
  // Never below one: an entry is its cover picture even before its set is written.
  pictureCount: Math.max(1, Number(r.picture_count ?? 1)),
  publishedAt: r.published_at,
  active: r.active === 1,
});

/** Drops the admin-only flag, so public answers carry exactly the documented fields. */
export function publicGallery(r: GalleryRecord): GalleryItem {
  const { active: _hidden, ...item } = r;
  return item;
}

/** Replaces an entry's set, and mirrors its first picture on the entry. */
async function writePictures(tx: Kysely<DB>, galleryId: number, pictures: GalleryPicture[]) {
  await tx.deleteFrom('gallery_pictures').where('gallery_id', '=', galleryId).execute();
  await tx
    .insertInto('gallery_pictures')
    .values(
      pictures.map((p, position) => ({
        gallery_id: galleryId,
        position,
        thumb: p.thumb,
        image: p.image,
        caption: p.caption,
      })),
    )
    .execute();
  await tx
    .updateTable('galleries')
    .set({ thumb: pictures[0]!.thumb, image: pictures[0]!.image })
    .where('id', '=', galleryId)
    .execute();
}

export function createGalleryRepository(db: Kysely<DB>): GalleryRepository {
  // Each entry with the size of its set, in one query.
  const entries = () =>
    db
      .selectFrom('galleries')
      .selectAll('galleries')
      .select((eb) =>
        eb
          .selectFrom('gallery_pictures')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('gallery_pictures.gallery_id', '=', 'galleries.id')
          .as('picture_count'),
      );
  const get = async (id: number) => {
    const row = await entries().where('id', '=', id).executeTakeFirst();
    return row && toRecord(row);
  };
  const pictures = async (id: number): Promise<GalleryPicture[]> =>
    db
      .selectFrom('gallery_pictures')
      .select(['thumb', 'image', 'caption'])
      .where('gallery_id', '=', id)
      .orderBy('position')
      .execute();
  return {
    async page({ gameId, limit, offset, includeHidden }) {
      let q = db.selectFrom('galleries').where('game_id', '=', gameId);
      if (!includeHidden) q = q.where('active', '=', 1);
      let rowsQ = entries().where('game_id', '=', gameId);
      if (!includeHidden) rowsQ = rowsQ.where('active', '=', 1);
      const [rows, count] = await Promise.all([
        rowsQ.orderBy('issue', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRecord), total: Number(count.n) };
    },
    get,
    async detail(gameId, id) {
      const row = await entries()
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
      const [prev, next, set] = await Promise.all([
        visible.where('issue', '<', row.issue).orderBy('issue', 'desc').limit(1).executeTakeFirst(),
        visible.where('issue', '>', row.issue).orderBy('issue', 'asc').limit(1).executeTakeFirst(),
        pictures(row.id),
      ]);
      return {
        ...publicGallery(toRecord(row)),
        pictures: set.length > 0 ? set : [{ thumb: row.thumb, image: row.image, caption: '' }],
        prevId: prev?.id ?? null,
        nextId: next?.id ?? null,
      };
    },
    async findByIssue(gameId, issue) {
      const row = await entries()
        .where('game_id', '=', gameId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return row && toRecord(row);
    },
    pictures,
    async create(g) {
      const now = nowIso();
      const id = await db.transaction().execute(async (tx) => {
        const row = await tx
          .insertInto('galleries')
          .values({
            game_id: g.gameId,
            issue: g.issue,
            title: g.title,
            thumb: g.pictures[0]!.thumb,
            image: g.pictures[0]!.image,
            published_at: g.publishedAt ?? now,
            active: g.active === false ? 0 : 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writePictures(tx, row.id, g.pictures);
        return row.id;
      });
      return (await get(id))!;
    },
    async update(id, p) {
      const changed = await db.transaction().execute(async (tx) => {
        const r = await tx
          .updateTable('galleries')
          .set(
            definedColumns({
              game_id: p.gameId,
              issue: p.issue,
              title: p.title,
              published_at: p.publishedAt,
              active: activeFlag(p.active),
              updated_at: nowIso(),
            }),
          )
          .where('id', '=', id)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return false;
        if (p.pictures) await writePictures(tx, id, p.pictures);
        return true;
      });
      return changed ? get(id) : undefined;
    },
    remove: (id) => removeById(db, 'galleries', id),
    count: () => countRows(db, 'galleries'),
  };
}
