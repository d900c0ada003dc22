// What operators change in the picture library (docs/architecture.md §14); every change is
// audited by the console guard's hook (plugins/app/operators.ts), as on the other admin routes.
import type {
  AdminGalleryCommentPage,
  AdminSeries,
  AdminSeriesPage,
  GalleryModes,
  SeriesInput,
} from '@kaijiang/domain';
import { gameOr404, invalid } from '../content/common.ts';
import { plainLine } from '../content/sanitize.ts';
import { notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { SeriesFields, SeriesRow } from '../../repositories/gallery-series-repository.ts';
import { initialsOf, ISSUE_RE, seriesRows, toAdminSeries, type SeriesQuery } from './cards.ts';

export const ADMIN_COMMENTS_PAGE = 50;

export function createGalleryAdmin(repos: Repositories, now: () => Date = () => new Date()) {
  async function withCounts(rows: SeriesRow[]): Promise<AdminSeries[]> {
    const counts = await repos.gallerySeries.commentCounts(rows.map((r) => r.id));
    const t = now().getTime();
    return rows.map((r) => toAdminSeries(r, t, counts.get(r.id) ?? 0));
  }
  async function one(id: number): Promise<AdminSeries> {
    const row = await repos.gallerySeries.seriesGet(id);
    if (!row) throw notFound('图库不存在');
    return (await withCounts([row]))[0]!;
  }
  /** The stored fields once an input is checked: a name unique within its game. */
  async function fields(input: SeriesInput, id: number | null): Promise<SeriesFields> {
    await gameOr404(repos, input.gameId);
    const name = plainLine(input.name).trim();
    if (!name) throw invalid('name', '请填写名称');
    const other = await repos.gallerySeries.seriesByName(input.gameId, name);
    if (other && other.id !== id) throw invalid('name', '该彩种已有同名图库');
    const coverIssue = input.coverIssue ?? null;
    if (coverIssue !== null && !ISSUE_RE.test(coverIssue)) throw invalid('coverIssue', '期号不对');
    return {
      gameId: input.gameId,
      name,
      initials: initialsOf(name),
      modes: input.modes,
      position: input.position ?? 0,
      hidden: input.hidden ?? false,
      coverIssue,
    };
  }

  return {
    async page(q: SeriesQuery): Promise<AdminSeriesPage> {
      const { rows, total } = await seriesRows(repos, q, true);
      return { items: await withCounts(rows), page: q.page, pageSize: q.pageSize, total };
    },
    get: one,
    async create(input: SeriesInput): Promise<AdminSeries> {
      const id = await repos.gallerySeries.seriesCreate(
        await fields(input, null),
        now().toISOString(),
      );
      return one(id);
    },
    /** Any part of a series; what is left out keeps its value. */
    async update(id: number, patch: Partial<SeriesInput>): Promise<AdminSeries> {
      const row = await repos.gallerySeries.seriesGet(id);
      if (!row) throw notFound('图库不存在');
      const merged: SeriesInput = {
        gameId: patch.gameId ?? row.game_id,
        name: patch.name ?? row.name,
        modes: patch.modes ?? (row.modes as GalleryModes),
        position: patch.position ?? row.position,
        hidden: patch.hidden ?? row.hidden === 1,
        coverIssue: patch.coverIssue !== undefined ? patch.coverIssue : row.cover_issue,
      };
      await repos.gallerySeries.seriesUpdate(id, await fields(merged, id), now().toISOString());
      await repos.gallerySeries.refresh(id);
      return one(id);
    },
    async remove(id: number): Promise<void> {
      if (!(await repos.gallerySeries.seriesRemove(id))) throw notFound('图库不存在');
    },
    async removeIssue(id: number, issue: string): Promise<void> {
      if (!(await repos.gallerySeries.issueRemove(id, issue))) throw notFound('这一期没有图片');
      await repos.gallerySeries.refresh(id);
    },
    async comments(
      seriesId: number | null,
      before: number | null,
    ): Promise<AdminGalleryCommentPage> {
      const rows = await repos.gallerySeries.adminComments(seriesId, before, ADMIN_COMMENTS_PAGE);
      return {
        items: rows.map((c) => ({
          id: c.id,
          nickname: c.nickname,
          avatar: c.avatar,
          text: c.text,
          createdAt: c.createdAt,
          seriesId: c.seriesId,
          seriesName: c.seriesName,
          issue: c.issue,
          memberId: c.memberId,
          hidden: c.hidden,
        })),
        nextBefore: rows.length === ADMIN_COMMENTS_PAGE ? rows[rows.length - 1]!.id : null,
      };
    },
    async hideComment(id: number, hidden: boolean): Promise<boolean> {
      if (!(await repos.gallerySeries.commentGet(id))) throw notFound('评论不存在');
      await repos.gallerySeries.setCommentHidden(id, hidden);
      return hidden;
    },
  };
}

export type GalleryAdmin = ReturnType<typeof createGalleryAdmin>;
