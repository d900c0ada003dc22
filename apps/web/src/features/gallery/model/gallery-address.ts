import { GALLERY_SERIES_NAME_MAX, type Game } from '@kaijiang/domain';
import type { SeriesListArg } from '../api/series-list';

/** The 收藏 tab's value of ?game. */
export const FAVOURITES_TAB = 'fav';

/** The longest search sent: a series name is at most GALLERY_SERIES_NAME_MAX characters. */
export const SEARCH_MAX = GALLERY_SERIES_NAME_MAX;

/** A search as sent to the server: trimmed, inner spaces folded, initials lower-cased. */
export const cleanSearch = (q: string | null) =>
  (q ?? '').trim().replace(/\s+/g, ' ').slice(0, SEARCH_MAX).toLowerCase();

/**
 * What the series grid shows for its address: ?game (a home game, else the first; `fav` for the
 * favourites) and ?q, the search.
 */
export function gridChoice(
  homeGames: readonly Game[],
  search: URLSearchParams,
): { gameId: number | null; favourites: boolean; arg: SeriesListArg } {
  const q = cleanSearch(search.get('q'));
  const favourites = search.get('game') === FAVOURITES_TAB;
  const wanted = Number(search.get('game'));
  const game = homeGames.find((g) => g.id === wanted) ?? homeGames[0];
  const gameId = favourites ? null : (game?.id ?? null);
  return { gameId, favourites, arg: { gameId: gameId ?? 0, q } };
}

/** A positive id from the address, else null (the screen says "not found" without asking). */
export function idOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}

export function yearOf(raw: string | undefined): number | null {
  if (!raw || !/^\d{4}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1990 && n <= 2200 ? n : null;
}

/** An issue's year: issues are numbered by year (2026123), else the day it was published. */
export function issueYear(issue: string, publishedAt: string): number {
  return yearOf(issue.slice(0, 4)) ?? (Number(publishedAt.slice(0, 4)) || new Date().getFullYear());
}
