import { useMemo } from 'react';
import type { CallError } from './base-query';

/** A page of a paged list, as the v2 API answers (`items` and the list's `total`). */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * Page numbers from 1 while the pages so far hold fewer items than the total. A list's entry goes
 * when no screen shows it (keepUnusedDataFor: 0 on its endpoint): come back, it starts afresh.
 */
export const pageByPage = {
  initialPageParam: 1,
  getNextPageParam: (last: Page<unknown>, all: Page<unknown>[], lastParam: number) => {
    const shown = all.reduce((n, p) => n + p.items.length, 0);
    return last.items.length > 0 && shown < last.total ? lastParam + 1 : undefined;
  },
};

/** What an infinite list shows and does (see ListFooter). */
export interface PagedList<T> {
  items: T[];
  total: number;
  /** `ready` once a first page is shown; `error` when the first page failed. */
  status: 'loading' | 'ready' | 'error';
  /** A next page is on its way (the list stays). */
  loadingMore: boolean;
  /** A page is on its way (the first one, or the next). */
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** After a failure: asks for the page that failed again, keeping what is shown. */
  retry: () => void;
}

/** The parts of an infinite query hook's result a list needs. */
export interface InfiniteResult<P> {
  /** This argument's pages only: another list's are not shown while this one loads. */
  currentData?: { pages: P[] } | undefined;
  error?: unknown;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * An infinite query's pages as one list: items already shown are not repeated when the list
 * shifted between two pages.
 */
export function usePagedList<P extends Page<unknown>, T = P['items'][number]>(
  result: InfiniteResult<P>,
  idOf: (item: NoInfer<T>) => string | number,
): PagedList<T> {
  const pages = result.currentData?.pages;
  const items = useMemo(() => {
    const seen = new Set<string | number>();
    const out: T[] = [];
    for (const page of pages ?? []) {
      for (const item of page.items as T[]) {
        const id = idOf(item);
        if (!seen.has(id)) {
          seen.add(id);
          out.push(item);
        }
      }
    }
    return out;
    // idOf is a module-level function in every caller
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pages]);
  const { isError, isFetching, hasNextPage, fetchNextPage, refetch } = result;
  const error = isError && !isFetching ? errorText(result.error) : null;
  const more = () => void (pages?.length ? fetchNextPage() : refetch());
  return {
    items,
    total: pages?.at(-1)?.total ?? 0,
    status: pages ? 'ready' : error ? 'error' : 'loading',
    loadingMore: isFetching && !!pages?.length,
    loading: isFetching,
    error,
    hasMore: hasNextPage,
    loadMore: () => {
      if (!isFetching && !error && hasNextPage) void fetchNextPage();
    },
    retry: more,
  };
}

export function errorText(error: unknown): string {
  const message = (error as CallError | undefined)?.message;
  return typeof message === 'string' ? message : String(error);
}
