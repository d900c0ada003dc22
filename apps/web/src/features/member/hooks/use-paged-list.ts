import { useMemo } from 'react';
import type { CallError } from '@/shared/api/base-query';

/** The parts of an infinite query's result a member list shows. */
interface InfiniteResult<T> {
  // This argument's pages only: another filter's list is not shown while this one loads.
  currentData?: { pages: { items: T[]; total: number }[] } | undefined;
  error?: unknown;
  isLoading: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  isError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

export type ListStatus = 'loading' | 'ready' | 'error';

/** An infinite query's pages as one list, with what the member screens show around it. */
export function usePagedList<T>(result: InfiniteResult<T>) {
  const pages = result.currentData?.pages;
  const items = useMemo(() => (pages ?? []).flatMap((p) => p.items), [pages]);
  const error = result.isError ? ((result.error as CallError | undefined)?.message ?? null) : null;
  const status: ListStatus = pages ? 'ready' : result.isError ? 'error' : 'loading';
  return {
    items,
    total: pages?.at(-1)?.total ?? 0,
    status,
    /** The first page's failure, or the next page's (the list stays). */
    error: status === 'error' || result.isFetchNextPageError ? error : null,
    loadingMore: result.isFetchingNextPage,
    hasMore: result.hasNextPage,
    loadMore: () => void result.fetchNextPage(),
    reload: () => void result.refetch(),
  };
}
