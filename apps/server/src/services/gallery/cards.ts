// Rows of the picture library as the wire shapes of packages/domain/src/wire/gallery-series.ts.
import {
  GALLERY_NEW_DAYS,
  type AdminSeries,
  type GalleryImage,
  type GalleryModes,
  type SeriesCard,
} from '@kaijiang/domain';
import { pinyin } from 'pinyin-pro';
import type { SeriesRow } from '../../repositories/gallery-series-repository.ts';
import type { Repositories } from '../../repositories/index.ts';
import { gameOr404 } from '../content/common.ts';

/** Issues are digits: YYYYNNN for daily games, YYYYMMDDSSSS for games drawn every few minutes. */
export const ISSUE_PATTERN = '^[0-9]{7,12}$';
export const ISSUE_RE = new RegExp(ISSUE_PATTERN);

/** The year an issue number starts with. */
export const yearOfIssue = (issue: string): number => Number(issue.slice(0, 4));

/** Lower-case pinyin initials of a name, letters and digits only (马会传真 → mhcz). */
export function initialsOf(name: string): string {
  return pinyin(name, { pattern: 'first', toneType: 'none', type: 'array' })
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);
}

export function toCard(r: SeriesRow, now: number): SeriesCard {
  const latestAt = r.latest_at ? Date.parse(r.latest_at) : NaN;
  return {
    id: r.id,
    gameId: r.game_id,
    name: r.name,
    initials: r.initials,
    modes: r.modes as GalleryModes,
    cover: r.cover ? (JSON.parse(r.cover) as GalleryImage) : null,
    latestIssue: r.latest_issue,
    updatedAt: r.latest_at ?? r.updated_at,
    isNew: Number.isFinite(latestAt) && now - latestAt < GALLERY_NEW_DAYS * 86_400_000,
    views: r.views,
    likes: r.likes,
    issueCount: r.issue_count,
  };
}

export function toAdminSeries(r: SeriesRow, now: number, comments: number): AdminSeries {
  return { ...toCard(r, now), position: r.position, hidden: r.hidden === 1, comments };
}

export interface SeriesQuery {
  gameId: number;
  q?: string;
  page: number;
  pageSize: number;
}

/** A page of a game's series (404 for a game that does not exist); hidden ones for the console. */
export async function seriesRows(repos: Repositories, q: SeriesQuery, includeHidden = false) {
  await gameOr404(repos, q.gameId);
  return repos.gallerySeries.seriesPage({
    gameId: q.gameId,
    ...(q.q !== undefined && { q: q.q }),
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
    ...(includeHidden && { includeHidden: true }),
  });
}
