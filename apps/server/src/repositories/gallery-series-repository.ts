// The picture library's SQL (docs/architecture.md §14). Series rows carry their counters and
// cover, so the grid reads one row per card; issues are walked by (series_id, issue), the
// unique index, so paging, prev/next and the year sheet stay index reads however long a series is.
import type { GalleryImage, GalleryVariant } from '@kaijiang/domain';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB, GallerySeriesIssueTable, GallerySeriesTable } from '../db/schema.ts';

export type SeriesRow = Selectable<GallerySeriesTable>;
export type IssueRow = Selectable<GallerySeriesIssueTable>;

export interface PictureRow {
  issueId: number;
  variant: GalleryVariant;
  position: number;
  image: GalleryImage;
  caption: string;
}

export interface CommentRow {
  id: number;
  issueId: number;
  memberId: number;
  nickname: string;
  avatar: string;
  text: string;
  hidden: boolean;
  createdAt: string;
  seriesId: number;
  seriesName: string;
  issue: string;
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
  const commentRows = () =>
    db
      .selectFrom('gallery_comments as c')
      .innerJoin('gallery_series_issues as i', 'i.id', 'c.issue_id')
      .innerJoin('gallery_series as s', 's.id', 'i.series_id')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select([
        'c.id',
        'c.issue_id',
        'c.member_id',
        'm.nickname',
        'm.avatar',
        'c.text',
        'c.hidden',
        'c.created_at',
        's.id as series_id',
        's.name as series_name',
        'i.issue',
      ]);
  type RawComment = Awaited<ReturnType<ReturnType<typeof commentRows>['execute']>>[number];
  const toComment = (r: RawComment): CommentRow => ({
    id: r.id,
    issueId: r.issue_id,
    memberId: r.member_id,
    // A member without a nickname is not shown by the login name they sign in with.
    nickname: r.nickname || `会员${r.member_id}`,
    avatar: r.avatar,
    text: r.text,
    hidden: r.hidden === 1,
    createdAt: r.created_at,
    seriesId: r.series_id,
    seriesName: r.series_name,
    issue: r.issue,
  });

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
    /** Many new issues of a series with their pictures at once (the demo seed). */
    insertIssues: (
      seriesId: number,
      issues: {
        issue: string;
        year: number;
        publishedAt: string;
        pictures: Omit<PictureRow, 'issueId'>[];
      }[],
    ) =>
      db.transaction().execute(async (tx) => {
        if (issues.length === 0) return;
        const ids = await tx
          .insertInto('gallery_series_issues')
          .values(
            issues.map((i) => ({
              series_id: seriesId,
              issue: i.issue,
              year: i.year,
              published_at: i.publishedAt,
            })),
          )
          .returning(['id', 'issue'])
          .execute();
        const idOf = new Map(ids.map((r) => [r.issue, r.id]));
        const pictures = issues.flatMap((i) =>
          i.pictures.map((p) => ({
            issue_id: idOf.get(i.issue)!,
            variant: p.variant,
            position: p.position,
            ...p.image,
            caption: p.caption,
          })),
        );
        if (pictures.length > 0)
          await tx.insertInto('gallery_series_pictures').values(pictures).execute();
      }),
    /**
     * New series with their issues and pictures in one transaction, counters written as they
     * are (the demo seed: a few round trips a series, so a first start on PostgreSQL stays fast).
     */
    seedSeries: (
      list: {
        fields: SeriesFields;
        views: number;
        now: string;
        issues: {
          issue: string;
          year: number;
          publishedAt: string;
          pictures: Omit<PictureRow, 'issueId'>[];
        }[];
      }[],
    ) =>
      db.transaction().execute(async (tx) => {
        for (const s of list) {
          const newest = s.issues.reduce<(typeof s.issues)[number] | undefined>(
            (a, b) => (!a || b.issue > a.issue ? b : a),
            undefined,
          );
          const { id } = await tx
            .insertInto('gallery_series')
            .values({
              game_id: s.fields.gameId,
              name: s.fields.name,
              initials: s.fields.initials,
              modes: s.fields.modes,
              position: s.fields.position,
              hidden: s.fields.hidden ? 1 : 0,
              cover_issue: s.fields.coverIssue,
              views: s.views,
              issue_count: s.issues.length,
              latest_issue: newest?.issue ?? null,
              latest_at: newest?.publishedAt ?? null,
              cover: newest?.pictures[0] ? JSON.stringify(newest.pictures[0].image) : null,
              created_at: s.now,
              updated_at: s.now,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          if (s.issues.length === 0) continue;
          const ids = await tx
            .insertInto('gallery_series_issues')
            .values(
              s.issues.map((i) => ({
                series_id: id,
                issue: i.issue,
                year: i.year,
                published_at: i.publishedAt,
              })),
            )
            .returning(['id', 'issue'])
            .execute();
          const idOf = new Map(ids.map((r) => [r.issue, r.id]));
          const pictures = s.issues.flatMap((i) =>
            i.pictures.map((p) => ({
              issue_id: idOf.get(i.issue)!,
              variant: p.variant,
              position: p.position,
              ...p.image,
              caption: p.caption,
            })),
          );
          if (pictures.length > 0)
            await tx.insertInto('gallery_series_pictures').values(pictures).execute();
        }
      }),
    /** Series with issues but no cover yet (those migration 0018 made from issue 15's entries). */
    async withoutCover(): Promise<number[]> {
      const rows = await db
        .selectFrom('gallery_series')
        .select('id')
        .where('cover', 'is', null)
        .where('issue_count', '>', 0)
        .limit(1000)
        .execute();
      return rows.map((r) => r.id);
    },
    /** The names of a game's series (the seed leaves those alone). */
    async names(gameId: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('gallery_series')
        .select('name')
        .where('game_id', '=', gameId)
        .execute();
      return new Set(rows.map((r) => r.name));
    },
    async issueRemove(seriesId: number, issue: string): Promise<boolean> {
      const r = await db
        .deleteFrom('gallery_series_issues')
        .where('series_id', '=', seriesId)
        .where('issue', '=', issue)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** One like per liker; answers whether this one was new. Counters move with it. */
    like: (issueId: number, seriesId: number, liker: string, on: boolean, now: string) =>
      db.transaction().execute(async (tx) => {
        const changed = on
          ? await tx
              .insertInto('gallery_likes')
              .values({ issue_id: issueId, liker, created_at: now })
              .onConflict((oc) => oc.columns(['issue_id', 'liker']).doNothing())
              .executeTakeFirst()
              .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0) > 0)
          : await tx
              .deleteFrom('gallery_likes')
              .where('issue_id', '=', issueId)
              .where('liker', '=', liker)
              .executeTakeFirst()
              .then((r) => Number(r.numDeletedRows) > 0);
        if (changed) {
          const d = on ? 1 : -1;
          await tx
            .updateTable('gallery_series_issues')
            .set((eb) => ({ likes: eb('likes', '+', d) }))
            .where('id', '=', issueId)
            .execute();
          await tx
            .updateTable('gallery_series')
            .set((eb) => ({ likes: eb('likes', '+', d) }))
            .where('id', '=', seriesId)
            .execute();
        }
        return changed;
      }),
    async liked(issueId: number, likers: readonly string[]): Promise<boolean> {
      if (likers.length === 0) return false;
      const r = await db
        .selectFrom('gallery_likes')
        .select('liker')
        .where('issue_id', '=', issueId)
        .where('liker', 'in', likers)
        .executeTakeFirst();
      return r !== undefined;
    },

    favourites: (memberId: number) =>
      db
        .selectFrom('gallery_favourites as f')
        .innerJoin('gallery_series as s', 's.id', 'f.series_id')
        .selectAll('s')
        .where('f.member_id', '=', memberId)
        .where('s.hidden', '=', 0)
        .orderBy('f.created_at', 'desc')
        .limit(500)
        .execute(),
    async favourite(memberId: number, seriesId: number, on: boolean, now: string) {
      if (on)
        await db
          .insertInto('gallery_favourites')
          .values({ member_id: memberId, series_id: seriesId, created_at: now })
          .onConflict((oc) => oc.columns(['member_id', 'series_id']).doNothing())
          .execute();
      else
        await db
          .deleteFrom('gallery_favourites')
          .where('member_id', '=', memberId)
          .where('series_id', '=', seriesId)
          .execute();
    },
    favouriteCount: async (memberId: number) =>
      Number(
        (
          await db
            .selectFrom('gallery_favourites')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('member_id', '=', memberId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    addComment: (issueId: number, memberId: number, text: string, now: string) =>
      db.transaction().execute(async (tx) => {
        const r = await tx
          .insertInto('gallery_comments')
          .values({ issue_id: issueId, member_id: memberId, text, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        await tx
          .updateTable('gallery_series_issues')
          .set((eb) => ({ comments: eb('comments', '+', 1) }))
          .where('id', '=', issueId)
          .execute();
        return r.id;
      }),
    async commentGet(id: number): Promise<CommentRow | undefined> {
      const r = await commentRows().where('c.id', '=', id).executeTakeFirst();
      return r && toComment(r);
    },
    /** Shown comments of an issue, newest first, before an id (keyset). */
    async comments(issueId: number, before: number | null, limit: number): Promise<CommentRow[]> {
      let q = commentRows().where('c.issue_id', '=', issueId).where('c.hidden', '=', 0);
      if (before !== null) q = q.where('c.id', '<', before);
      return (await q.orderBy('c.id', 'desc').limit(limit).execute()).map(toComment);
    },
    /** Every comment (hidden too) for the console, newest first, one series or all. */
    async adminComments(seriesId: number | null, before: number | null, limit: number) {
      let q = commentRows();
      if (seriesId !== null) q = q.where('s.id', '=', seriesId);
      if (before !== null) q = q.where('c.id', '<', before);
      return (await q.orderBy('c.id', 'desc').limit(limit).execute()).map(toComment);
    },
    /** Hides or shows a comment; the issue's count is of shown ones. */
    setCommentHidden: (id: number, hidden: boolean) =>
      db.transaction().execute(async (tx) => {
        const r = await tx
          .updateTable('gallery_comments')
          .set({ hidden: hidden ? 1 : 0 })
          .where('id', '=', id)
          .where('hidden', '=', hidden ? 0 : 1)
          .returning('issue_id')
          .executeTakeFirst();
        if (r)
          await tx
            .updateTable('gallery_series_issues')
            .set((eb) => ({ comments: eb('comments', '+', hidden ? -1 : 1) }))
            .where('id', '=', r.issue_id)
            .execute();
        return r !== undefined;
      }),
    /** Shown comments per series (the console's list). */
    async commentCounts(seriesIds: readonly number[]): Promise<Map<number, number>> {
      if (seriesIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('gallery_series_issues')
        .select((eb) => ['series_id', eb.fn.sum<number>('comments').as('n')])
        .where('series_id', 'in', seriesIds)
        .groupBy('series_id')
        .execute();
      return new Map(rows.map((r) => [r.series_id, Number(r.n ?? 0)]));
    },
  };
}

export type GallerySeriesRepository = ReturnType<typeof createGallerySeriesRepository>;
