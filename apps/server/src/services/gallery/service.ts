// The picture library's rules (docs/architecture.md §14): what visitors see, like, favourite and
// say, and what operators change. SQL stays in repositories/gallery-series-repository.ts.
import {
  GALLERY_COMMENT_MAX,
  GALLERY_YEAR_SHEET_MAX,
  type GalleryComment,
  type GalleryCommentPage,
  type SeriesDetail,
  type SeriesIssue,
  type SeriesIssueCard,
  type SeriesIssuePage,
  type SeriesPage,
} from '@kaijiang/domain';
import { Buckets } from '../chat/buckets.ts';
import { cleanText } from '../chat/service.ts';
import { gameOr404, invalid } from '../content/common.ts';
import { boundedCache } from '../../lib/bounded-cache.ts';
import { addressKey } from '../../lib/client-address.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { containsBlocked } from '../../lib/visible-text.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { CommentRow, SeriesRow } from '../../repositories/gallery-series-repository.ts';
import { seriesRows, toCard, type SeriesQuery } from './cards.ts';

export const COMMENTS_PAGE = 20;
/** Favourite series a member may keep. */
export const FAVOURITES_MAX = 200;
/** A visitor's views of one series count once in this long per address. */
const VIEW_WINDOW_MS = 30 * 60_000;
/** A device id the web keeps (x-device-id): random, URL-safe. */
export const DEVICE_ID_RE = /^[A-Za-z0-9_-]{16,64}$/;

export interface Liker {
  memberId: number | null;
  deviceId: string | null;
  address: string;
}

const rateLimited = (msg: string, wait: number) =>
  new AppError(429, 'REQ/RATE_LIMITED', msg, null, {
    'retry-after': String(Math.ceil(wait / 1000)),
  });

export function createGalleryService(repos: Repositories, now: () => Date = () => new Date()) {
  // Likes: 20 at once then one per 3 s per member or device; 60 then one a second per address,
  // every device id behind it together (device ids are the visitor's to invent).
  const likesPerLiker = new Buckets(20, 3_000);
  const likesPerAddress = new Buckets(60, 1_000);
  // Comments: as the chat's pace, a little slower; per member and per address.
  const commentsPerMember = new Buckets(3, 20_000);
  const commentsPerAddress = new Buckets(10, 6_000);
  const favouritesPerMember = new Buckets(30, 2_000);
  const viewed = boundedCache<string, true>({
    max: 100_000,
    maxBytes: 16 * 1024 * 1024,
    ttlMs: VIEW_WINDOW_MS,
    sizeOf: (_v, k) => 64 + k.length * 2,
  });
  let words: { list: string[]; at: number } | null = null;
  async function blockedWords(): Promise<string[]> {
    const t = now().getTime();
    if (!words || t - words.at > 10_000) words = { list: await repos.chat.blockedWords(), at: t };
    return words.list;
  }

  async function visibleSeries(id: number): Promise<SeriesRow> {
    const s = await repos.gallerySeries.seriesGet(id);
    if (!s || s.hidden) throw notFound('图库不存在或已下线');
    return s;
  }
  async function issueOr404(seriesId: number, issue: string) {
    const row = await repos.gallerySeries.issueGet(seriesId, issue);
    if (!row) throw notFound('这一期没有图片');
    return row;
  }
  const likersOf = (l: Liker): string[] =>
    l.memberId !== null ? [`m:${l.memberId}`] : l.deviceId ? [`d:${l.deviceId}`] : [];

  async function cardsOfIssues(
    rows: Awaited<ReturnType<Repositories['gallerySeries']['issuesPage']>>,
  ): Promise<SeriesIssueCard[]> {
    const pics = await repos.gallerySeries.pictures(
      rows.map((r) => r.id),
      true,
    );
    return rows.map((r) => ({
      issue: r.issue,
      colour: pics.find((p) => p.issueId === r.id && p.variant === 'colour')?.image ?? null,
      mono: pics.find((p) => p.issueId === r.id && p.variant === 'mono')?.image ?? null,
      publishedAt: r.published_at,
      likes: r.likes,
      comments: r.comments,
    }));
  }

  const toComment = (c: CommentRow): GalleryComment => ({
    id: c.id,
    nickname: c.nickname,
    avatar: c.avatar,
    text: c.text,
    createdAt: c.createdAt,
  });

  return {
    /** The game a demo sheet (services/seed/gallery-series-art.ts) is drawn for, active or not. */
    demoGame: (gameId: number) => gameOr404(repos, gameId),

    async seriesPage(q: SeriesQuery): Promise<SeriesPage> {
      const { rows, total } = await seriesRows(repos, q);
      const t = now().getTime();
      return { items: rows.map((r) => toCard(r, t)), page: q.page, pageSize: q.pageSize, total };
    },

    async series(id: number): Promise<SeriesDetail> {
      const s = await visibleSeries(id);
      return { ...toCard(s, now().getTime()), years: await repos.gallerySeries.years(id) };
    },

    /** A series' issues; `hiddenToo` for the console, which lists hidden series' issues too. */
    async issues(
      id: number,
      q: { page: number; pageSize: number; year?: number },
      hiddenToo = false,
    ): Promise<SeriesIssuePage> {
      const s = hiddenToo ? await repos.gallerySeries.seriesGet(id) : await visibleSeries(id);
      if (!s) throw notFound('图库不存在');
      if (q.year !== undefined) {
        const rows = await repos.gallerySeries.issuesOfYear(id, q.year, GALLERY_YEAR_SHEET_MAX);
        const items = await cardsOfIssues(rows);
        return { items, page: 1, pageSize: items.length, total: items.length };
      }
      const rows = await repos.gallerySeries.issuesPage(id, q.pageSize, (q.page - 1) * q.pageSize);
      return {
        items: await cardsOfIssues(rows),
        page: q.page,
        pageSize: q.pageSize,
        total: s.issue_count,
      };
    },

    /** One issue's pictures; counts a view of the series once per address in VIEW_WINDOW_MS. */
    async issue(id: number, issue: string, who: Liker): Promise<SeriesIssue> {
      const s = await visibleSeries(id);
      const row = await issueOr404(id, issue);
      const viewKey = `${addressKey(who.address)}|${id}`;
      if (!viewed.has(viewKey)) {
        viewed.set(viewKey, true);
        await repos.gallerySeries.addView(id);
        s.views++;
      }
      const [pictures, around, draw, liked] = await Promise.all([
        repos.gallerySeries.pictures([row.id]),
        repos.gallerySeries.neighbours(id, issue),
        repos.draws.get(s.game_id, issue),
        repos.gallerySeries.liked(row.id, likersOf(who)),
      ]);
      return {
        series: toCard(s, now().getTime()),
        issue,
        publishedAt: row.published_at,
        pictures: pictures.map(({ issueId: _id, ...p }) => p),
        prev: around.prev,
        next: around.next,
        result: draw?.status === 'done' && draw.numbers.length === 7 ? draw.numbers : null,
        likes: row.likes,
        liked,
        comments: row.comments,
      };
    },

    /** One like per member, or per device for a visitor; PUT and DELETE both idempotent. */
    async like(id: number, issue: string, who: Liker, on: boolean) {
      await visibleSeries(id);
      const row = await issueOr404(id, issue);
      const [liker] = likersOf(who);
      if (!liker) throw invalid('x-device-id', '无法识别设备，请刷新页面后再试');
      const t = now().getTime();
      const wait =
        likesPerLiker.take(liker, t) || likesPerAddress.take(`a:${addressKey(who.address)}`, t);
      if (wait > 0) throw rateLimited('点赞太频繁，请稍后再试', wait);
      await repos.gallerySeries.like(row.id, id, liker, on, now().toISOString());
      const after = await issueOr404(id, issue);
      return { likes: after.likes, liked: on };
    },

    async comments(id: number, issue: string, before: number | null): Promise<GalleryCommentPage> {
      await visibleSeries(id);
      const row = await issueOr404(id, issue);
      const rows = await repos.gallerySeries.comments(row.id, before, COMMENTS_PAGE);
      return {
        items: rows.map(toComment),
        nextBefore: rows.length === COMMENTS_PAGE ? rows[rows.length - 1]!.id : null,
      };
    },

    /** A member's comment under the chat's word rules, mutes and pace (services/chat/service.ts). */
    async addComment(
      memberId: number,
      id: number,
      issue: string,
      raw: string,
      address: string,
    ): Promise<GalleryComment> {
      await visibleSeries(id);
      const row = await issueOr404(id, issue);
      const t = now();
      const until = await repos.chat.muteUntil(memberId);
      if (until && until > t.toISOString())
        throw new AppError(403, 'CHAT/MUTED', '你已被禁言', { until });
      const text = cleanText(raw);
      if ([...text].length > GALLERY_COMMENT_MAX)
        throw invalid('text', `评论不能超过 ${GALLERY_COMMENT_MAX} 个字`);
      if (containsBlocked(text, await blockedWords()))
        throw new AppError(400, 'CHAT/BLOCKED_WORD', '评论含有不允许的词语');
      const wait =
        commentsPerMember.take(`m:${memberId}`, t.getTime()) ||
        commentsPerAddress.take(`a:${addressKey(address)}`, t.getTime());
      if (wait > 0) throw rateLimited('评论太快，请稍后再试', wait);
      const commentId = await repos.gallerySeries.addComment(
        row.id,
        memberId,
        text,
        t.toISOString(),
      );
      return toComment((await repos.gallerySeries.commentGet(commentId))!);
    },

    async favourites(memberId: number) {
      const t = now().getTime();
      return { series: (await repos.gallerySeries.favourites(memberId)).map((r) => toCard(r, t)) };
    },
    async favourite(memberId: number, seriesId: number, on: boolean, address: string) {
      const t = now().getTime();
      const wait =
        favouritesPerMember.take(`m:${memberId}`, t) ||
        favouritesPerMember.take(`a:${addressKey(address)}`, t);
      if (wait > 0) throw rateLimited('操作太频繁，请稍后再试', wait);
      if (on) {
        await visibleSeries(seriesId);
        if ((await repos.gallerySeries.favouriteCount(memberId)) >= FAVOURITES_MAX)
          throw invalid('seriesId', `最多收藏 ${FAVOURITES_MAX} 个图库`);
      }
      await repos.gallerySeries.favourite(memberId, seriesId, on, now().toISOString());
      return this.favourites(memberId);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
