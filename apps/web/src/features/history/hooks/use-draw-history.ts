import type { DrawDetail, DrawHistoryPage } from '@kaijiang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getDrawHistory, type HistoryQuery } from '../api/get-draw-history';

export const HISTORY_PAGE_SIZE = 20;

export interface DrawHistory {
  items: DrawDetail[];
  total: number;
  years: number[];
  /** Pages loaded so far. */
  page: number;
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** Starts the view again from page 1 (after a failure). */
  reload: () => void;
}

interface Loaded {
  key: string;
  items: DrawDetail[];
  total: number;
  years: number[];
  page: number;
  error: string | null;
}

type Fetch = (q: HistoryQuery, signal?: AbortSignal) => Promise<DrawHistoryPage>;

/**
 * A game's finished draws for a year (or every year), a page at a time, appended for infinite
 * scroll. Switching game or year starts over; an answer for a view already left is dropped.
 */
export function useDrawHistory(
  gameId: number | undefined,
  year: number | undefined,
  fetchPage: Fetch = getDrawHistory,
): DrawHistory {
  const key = `${gameId ?? ''}:${year ?? ''}`;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [pending, setPending] = useState<{ key: string; page: number } | null>(null);
  const inFlight = useRef<AbortController | null>(null);

  const current = loaded?.key === key ? loaded : null;
  const page = current?.page ?? 0;

  const request = useCallback(
    (wanted: number) => {
      if (gameId === undefined) return;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      fetchPage({ gameId, year, page: wanted, pageSize: HISTORY_PAGE_SIZE }, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setLoaded((prev) => {
            const base = prev?.key === key && wanted > 1 ? prev.items : [];
            const seen = new Set(base.map((d) => d.issue));
            return {
              key,
              items: [...base, ...answer.items.filter((d) => !seen.has(d.issue))],
              total: answer.total,
              years: answer.years,
              page: wanted,
              error: null,
            };
          });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setLoaded((prev) => ({
            ...(prev?.key === key ? prev : { key, items: [], total: 0, years: [], page: 0 }),
            error: error instanceof Error ? error.message : String(error),
          }));
        })
        .finally(() => {
          if (inFlight.current === controller) inFlight.current = null;
          setPending((p) => (p && p.key === key && p.page === wanted ? null : p));
        });
    },
    [fetchPage, gameId, year, key],
  );

  useEffect(() => {
    request(1);
    return () => inFlight.current?.abort();
  }, [request]);

  // The first page is pending until something (items or an error) is there for this view.
  const loading = gameId !== undefined && (current === null || pending?.key === key);
  const total = current?.total ?? 0;
  const items = current?.items ?? [];
  const hasMore = !!current && items.length < total && page * HISTORY_PAGE_SIZE < total;
  const loadMore = useCallback(() => {
    if (loading || !hasMore) return;
    setPending({ key, page: page + 1 });
    request(page + 1);
  }, [loading, hasMore, page, request, key]);

  return {
    items,
    total,
    years: current?.years ?? loaded?.years ?? [],
    page,
    loading,
    error: current?.error ?? null,
    hasMore,
    loadMore,
    reload: () => request(1),
  };
}
