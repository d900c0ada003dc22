// The picture library's SQL (docs/architecture.md §14). Series rows carry their counters and
// cover, so the grid reads one row per card; issues are walked by (series_id, issue), the
// unique index, so paging, prev/next and the year sheet stay index reads however long a series is.
import type { GalleryImage, GalleryVariant } from '@kaijiang/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, GallerySeriesIssueTable, GallerySeriesTable } from '../db/schema.ts';
import { createGallerySeedRepository } from './gallery-seed-repository.ts';
import { createGallerySocialRepository } from './gallery-social-repository.ts';

export type { CommentRow } from './gallery-social-repository.ts';

export type SeriesRow = Selectable<GallerySeriesTable>;
export type IssueRow = Selectable<GallerySeriesIssueTable>;

export interface PictureRow {
  issueId: number;
  variant: GalleryVariant;
  position: number;
  image: GalleryImage;
  caption: string;
}

export interface SeriesFields {
  gameId: number;
  name: string;
  initials: string;
  modes: string;
  position: number;
  hidden: boolean;
  coverIssue: string | null;
}

/** LIKE with the caller's text taken literally (% and _ are the visitor's, not wildcards). */
const likeText = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function toPicture(r: {
  issue_id: number;
  variant: string;
  position: number;
  thumb: string;
  phone: string;
  desktop: string;
  width: number;
  height: number;
  caption: string;
}): PictureRow {
  return {
    issueId: r.issue_id,
    variant: r.variant as GalleryVariant,
    position: r.position,
    image: {
      thumb: r.thumb,
      phone: r.phone,
      desktop: r.desktop,
      width: r.width,
      height: r.height,
    },
    caption: r.caption,
  };
}

export function createGallerySeriesRepository(db: Kysely<DB>) {
  return {
    async seriesPage(q: {
      gameId: number;
      q?: string;
      limit: number;
      offset: number;
      includeHidden?: boolean;
    }): Promise<{ rows: SeriesRow[]; total: number }> {
      let base = db.selectFrom('gallery_series').where('game_id', '=', q.gameId);
      if (!q.includeHidden) base = base.where('hidden', '=', 0);
      const text = q.q?.trim().toLowerCase();
      if (text) {
        const like = likeText(text);
        base = base.where((eb) =>
          eb.or([
            eb(sql`lower(name)`, 'like', sql`${`%${like}%`} escape '\\'`),
            eb(sql`initials`, 'like', sql`${`${like}%`} escape '\\'`),
          ]),
        );
      }
      const ordered = q.includeHidden
        ? base.orderBy('position').orderBy('id')
        : base.orderBy('views', 'desc').orderBy('position').orderBy('id');
      const [rows, count] = await Promise.all([
        ordered.selectAll().limit(q.limit).offset(q.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    seriesGet: (id: number) =>
      db.selectFrom('gallery_series').selectAll().where('id', '=', id).executeTakeFirst(),
    seriesByName: (gameId: number, name: string) =>
      db
        .selectFrom('gallery_series')
        .selectAll()
        .where('game_id', '=', gameId)
        .where('name', '=', name)
        .executeTakeFirst(),
    seriesCount: async () =>
      Number(
        (
          await db
            .selectFrom('gallery_series')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    async seriesCreate(f: SeriesFields, now: string): Promise<number> {
      const r = await db
        .insertInto('gallery_series')
        .values({
          game_id: f.gameId,
          name: f.name,
          initials: f.initials,
          modes: f.modes,
          position: f.position,
          hidden: f.hidden ? 1 : 0,
          cover_issue: f.coverIssue,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return r.id;
    },
    async seriesUpdate(id: number, f: SeriesFields, now: string): Promise<void> {
      await db
        .updateTable('gallery_series')
        .set({
          game_id: f.gameId,
          name: f.name,
          initials: f.initials,
          modes: f.modes,
          position: f.position,
          hidden: f.hidden ? 1 : 0,
          cover_issue: f.coverIssue,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
    },
    async seriesRemove(id: number): Promise<boolean> {
      const r = await db.deleteFrom('gallery_series').where('id', '=', id).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async addView(id: number): Promise<void> {
      await db
        .updateTable('gallery_series')
        .set((eb) => ({ views: eb('views', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },

    /** Recounts a series' issues and likes and picks its newest issue and cover again. */
    async refresh(id: number): Promise<void> {
      const s = await db
        .selectFrom('gallery_series')
        .select('cover_issue')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!s) return;
      const agg = await db
        .selectFrom('gallery_series_issues')
        .where('series_id', '=', id)
        .select((eb) => [
          eb.fn.countAll<number>().as('n'),
          eb.fn.max('issue').as('latest'),
          eb.fn.max('published_at').as('at'),
          eb.fn.sum<number>('likes').as('likes'),
        ])
        .executeTakeFirstOrThrow();
      const coverIssue = s.cover_issue ?? agg.latest;
      const pic = coverIssue
        ? await db
            .selectFrom('gallery_series_pictures as p')
            .innerJoin('gallery_series_issues as i', 'i.id', 'p.issue_id')
            .selectAll('p')
            .where('i.series_id', '=', id)
            .where('i.issue', '=', coverIssue)
            // colour before mono, first of the set
            .orderBy('p.variant')
            .orderBy('p.position')
            .limit(1)
            .executeTakeFirst()
        : undefined;
      await db
        .updateTable('gallery_series')
        .set({
          issue_count: Number(agg.n),
          latest_issue: agg.latest ?? null,
          latest_at: agg.at ?? null,
          likes: Number(agg.likes ?? 0),
          cover: pic ? JSON.stringify(toPicture(pic).image) : null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** A series' issues, newest first (the unique index walked backwards). */
    issuesPage: (seriesId: number, limit: number, offset: number) =>
      db
        .selectFrom('gallery_series_issues')
        .selectAll()
        .where('series_id', '=', seriesId)
        .orderBy('issue', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    issuesOfYear: (seriesId: number, year: number, limit: number) =>
      db
        .selectFrom('gallery_series_issues')
        .selectAll()
        .where('series_id', '=', seriesId)
        .where('year', '=', year)
        .orderBy('issue', 'desc')
        .limit(limit)
        .execute(),
    async years(seriesId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('gallery_series_issues')
        .select('year')
        .distinct()
        .where('series_id', '=', seriesId)
        .orderBy('year', 'desc')
        .execute();
      return rows.map((r) => r.year);
    },
    issueGet: (seriesId: number, issue: string) =>
      db
        .selectFrom('gallery_series_issues')
        .selectAll()
        .where('series_id', '=', seriesId)
        .where('issue', '=', issue)
        .executeTakeFirst(),
    /** The older and newer issues of the series that exist (a series may skip issues). */
    async neighbours(
      seriesId: number,
      issue: string,
    ): Promise<{ prev: string | null; next: string | null }> {
      const [prev, next] = await Promise.all([
        db
          .selectFrom('gallery_series_issues')
          .select('issue')
          .where('series_id', '=', seriesId)
          .where('issue', '<', issue)
          .orderBy('issue', 'desc')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('gallery_series_issues')
          .select('issue')
          .where('series_id', '=', seriesId)
          .where('issue', '>', issue)
          .orderBy('issue')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { prev: prev?.issue ?? null, next: next?.issue ?? null };
    },
    async pictures(issueIds: readonly number[], firstOnly = false): Promise<PictureRow[]> {
      if (issueIds.length === 0) return [];
      let q = db
        .selectFrom('gallery_series_pictures')
        .selectAll()
        .where('issue_id', 'in', issueIds);
      if (firstOnly) q = q.where('position', '=', 0);
      const rows = await q.orderBy('issue_id').orderBy('variant').orderBy('position').execute();
      return rows.map(toPicture);
    },
    /** The issue's row (made if new), then the picture at its place (replaced if there). */
    async putPicture(
      seriesId: number,
      issue: { issue: string; year: number; publishedAt: string },
      p: Omit<PictureRow, 'issueId'>,
    ): Promise<void> {
      await db.transaction().execute(async (tx) => {
        await tx
          .insertInto('gallery_series_issues')
          .values({
            series_id: seriesId,
            issue: issue.issue,
            year: issue.year,
            published_at: issue.publishedAt,
          })
          .onConflict((oc) => oc.columns(['series_id', 'issue']).doNothing())
          .execute();
        const row = await tx
          .selectFrom('gallery_series_issues')
          .select('id')
          .where('series_id', '=', seriesId)
          .where('issue', '=', issue.issue)
          .executeTakeFirstOrThrow();
        const values = {
          issue_id: row.id,
          variant: p.variant,
          position: p.position,
          ...p.image,
          caption: p.caption,
        };
        await tx
          .insertInto('gallery_series_pictures')
          .values(values)
          .onConflict((oc) =>
            oc.columns(['issue_id', 'variant', 'position']).doUpdateSet({
              thumb: values.thumb,
              phone: values.phone,
              desktop: values.desktop,
              width: values.width,
              height: values.height,
              caption: values.caption,
            }),
          )
          .execute();
      });
    },
    /** Which pictures the given issues of a series already have (the upload preview). */
    async places(seriesId: number, issues: readonly string[]) {
      if (issues.length === 0) return [];
      return db
        .selectFrom('gallery_series_pictures as p')
        .innerJoin('gallery_series_issues as i', 'i.id', 'p.issue_id')
        .select(['i.issue', 'p.variant', 'p.position'])
        .where('i.series_id', '=', seriesId)
        .where('i.issue', 'in', issues)
        .execute();
    },
    async issueRemove(seriesId: number, issue: string): Promise<boolean> {
      const r = await db
        .deleteFrom('gallery_series_issues')
        .where('series_id', '=', seriesId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    ...createGallerySocialRepository(db),
    ...createGallerySeedRepository(db),
  };
}

export type GallerySeriesRepository = ReturnType<typeof createGallerySeriesRepository>;
