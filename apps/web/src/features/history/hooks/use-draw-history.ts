import type { DrawDetail } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { usePagedList, type PagedList } from '@/shared/api/paged-list';
import { useDrawHistoryInfiniteQuery, useSearchDrawsInfiniteQuery } from '../api/history-api';
import { monthRange } from '../model/history-params';

export interface DrawHistory extends PagedList<DrawDetail> {
  /** The years that have draws; the last view's while another loads. */
  years: number[];
}

const issueOf = (d: DrawDetail) => d.issue;

/**
 * A game's finished draws for a year (or every year), or a month of a year (through the search,
 * which takes dates), a page at a time, for infinite scroll.
 */
export function useDrawHistory(
  gameId: number | undefined,
  year: number | undefined,
  month?: number,
): DrawHistory {
  // The year's list is asked for even when a month is shown: it answers which years there are.
  const byYear = useDrawHistoryInfiniteQuery(gameId === undefined ? skipToken : { gameId, year });
  const monthly = gameId !== undefined && year !== undefined && month !== undefined;
  const byMonth = useSearchDrawsInfiniteQuery(
    monthly ? { gameId, numbers: [], position: 'any', ...monthRange(year, month) } : skipToken,
  );
  const yearList = usePagedList(byYear, issueOf);
  const monthList = usePagedList(byMonth, issueOf);
  return { ...(monthly ? monthList : yearList), years: byYear.data?.pages.at(-1)?.years ?? [] };
}
