import {
  HISTORY_PAGE_SIZE,
  type BallScope,
  type DrawHistoryPage,
  type DrawSearchPage,
  type DrawStats,
} from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX, urlOf } from '@/shared/api/base-query';
import { pageByPage } from '@/shared/api/paged-list';
import type { SearchQuery } from '../model/search-query';

export interface HistoryView {
  gameId: number;
  year?: number;
}

export interface SearchView extends SearchQuery {
  gameId: number;
}

export interface StatsQuery {
  gameId: number;
  window: number;
  scope: BallScope;
}

/** A game's finished draws and their statistics (docs/architecture.md §4). */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Finished draws newest first, with the years that have any, page by page. */
    drawHistory: build.infiniteQuery<DrawHistoryPage, HistoryView, number>({
      infiniteQueryOptions: pageByPage,
      keepUnusedDataFor: 0,
      query: ({ queryArg: { gameId, year }, pageParam: page }) => ({
        url: `${API_PREFIX.v2}/draws/history`,
        params: { gameId, year, page, pageSize: HISTORY_PAGE_SIZE },
      }),
    }),
    /** Draws matching a search (docs/architecture.md §11), newest first, page by page. */
    searchDraws: build.infiniteQuery<DrawSearchPage, SearchView, number>({
      infiniteQueryOptions: pageByPage,
      keepUnusedDataFor: 0,
      query: ({ queryArg: { gameId, numbers, ...rest }, pageParam: page }) => ({
        url: `${API_PREFIX.v2}/draws/search`,
        params: {
          gameId,
          ...rest,
          numbers: numbers.length ? numbers.join(',') : undefined,
          page,
          pageSize: HISTORY_PAGE_SIZE,
        },
      }),
    }),
    /** Frequency, 遗漏, hot and cold, distributions over the last `window` draws. */
    drawStats: build.query<DrawStats, StatsQuery>({
      query: (q) => ({ url: `${API_PREFIX.v2}/draws/stats`, params: { ...q } }),
    }),
  }),
});

export const { useDrawHistoryInfiniteQuery, useDrawStatsQuery, useSearchDrawsInfiniteQuery } =
  historyApi;

/** Where the browser downloads a game's draws as CSV (one year, or every year). */
export function exportCsvUrl(gameId: number, year?: number): string {
  return urlOf({ url: `${API_PREFIX.v2}/draws/export.csv`, params: { gameId, year } });
}

/** Where the browser downloads every draw a search found, as CSV. */
export function searchCsvUrl({ gameId, numbers, ...rest }: SearchView): string {
  return urlOf({
    url: `${API_PREFIX.v2}/draws/search.csv`,
    params: { gameId, ...rest, numbers: numbers.length ? numbers.join(',') : undefined },
  });
}
