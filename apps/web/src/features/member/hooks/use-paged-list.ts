import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '@/shared/api/api-error';
import { getLocale } from '@/shared/i18n';
import { memberWords } from '../model/words';

export interface Page<T> {
  items: T[];
  total: number;
}

export type ListStatus = 'loading' | 'ready' | 'error';

/** A list loaded page by page; later pages append. Stale answers (after a reload) are dropped. */
export function usePagedList<T>(load: (page: number) => Promise<Page<T>>, enabled = true) {
  const [items, setItems] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<ListStatus>(enabled ? 'loading' : 'ready');
  const [error, setError] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);

  const fetchPage = useCallback(
    async (n: number) => {
      const mine = ++generation.current;
      if (n === 1) setStatus('loading');
      else setLoadingMore(true);
      setError(null);
      try {
        const result = await load(n);
        if (mine !== generation.current) return;
        setItems((prev) => (n === 1 ? result.items : [...prev, ...result.items]));
        setTotal(result.total);
        setPage(n);
        setStatus('ready');
      } catch (e) {
        if (mine !== generation.current) return;
        // Read at failure time, not from a hook: a language switch must not refetch the list.
        setError(isApiError(e) ? e.message : memberWords[getLocale()].loadFailed);
        if (n === 1) setStatus('error');
      } finally {
        if (mine === generation.current) setLoadingMore(false);
      }
    },
    [load],
  );

  useEffect(() => {
    // Loading is a side effect of mounting the screen: an external system (the API) is read.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (enabled) void fetchPage(1);
  }, [enabled, fetchPage]);

  return {
    items,
    setItems,
    total,
    setTotal,
    status,
    error,
    loadingMore,
    hasMore: items.length < total,
    loadMore: () => void fetchPage(page + 1),
    reload: () => void fetchPage(1),
  };
}
