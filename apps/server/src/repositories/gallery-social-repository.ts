// Likes, favourites and comments of the picture library (docs/architecture.md §14): the SQL of
// services/gallery/service.ts. Counters on issues and series move in the same transaction as the rows.
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';

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

export function createGallerySocialRepository(db: Kysely<DB>) {
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
