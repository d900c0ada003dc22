import type { DrawDetail } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { usePagedList, type PagedList } from '@/shared/api/paged-list';
import { useDrawHistoryInfiniteQuery } from '../api/history-api';

export interface DrawHistory extends PagedList<DrawDetail> {
  /** The years that have draws; the last view's while another loads. */
  years: number[];
}

const issueOf = (d: DrawDetail) => d.issue;

/** A game's finished draws for a year (or every year), a page at a time, for infinite scroll. */
export function useDrawHistory(gameId: number | undefined, year: number | undefined): DrawHistory {
  const result = useDrawHistoryInfiniteQuery(gameId === undefined ? skipToken : { gameId, year });
  const list = usePagedList(result, issueOf);
  return { ...list, years: result.data?.pages.at(-1)?.years ?? [] };
}
