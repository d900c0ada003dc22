import { HISTORY_PAGE_SIZE, type DrawDetail, type DrawHistoryPage } from '@kaijiang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Inlined } from '@/shared/api/public-api';
import { getDrawHistory, inlinedDrawHistory, type HistoryQuery } from '../api/get-draw-history';

export { HISTORY_PAGE_SIZE };

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
  /** Page 1 came with the page (server-rendered), not from a request: uses that entry up. */
  claim?: () => void;
}

type Fetch = (q: HistoryQuery, signal?: AbortSignal) => Promise<DrawHistoryPage>;
type FirstPage = (q: HistoryQuery) => Inlined<DrawHistoryPage> | undefined;

/** A view that starts on page 1 because the page carries it, or null. */
function inlinedStart(
  key: string,
  gameId: number | undefined,
  year: number | undefined,
  firstPage: FirstPage,
): Loaded | null {
  if (gameId === undefined) return null;
  const inlined = firstPage({ gameId, year, page: 1, pageSize: HISTORY_PAGE_SIZE });
  if (!inlined) return null;
  const { items, total, years } = inlined.value;
  return { key, items, total, years, page: 1, error: null, claim: inlined.claim };
}

/**
 * A game's finished draws for a year (or every year), a page at a time, appended for infinite
 * scroll. Switching game or year starts over; an answer for a view already left is dropped.
 * A view whose page 1 the page itself carries (server-rendered, see `firstPage`) starts from it in
 * its first render, the same markup as the server's, and does not ask for it.
 */
export function useDrawHistory(
  gameId: number | undefined,
  year: number | undefined,
  fetchPage: Fetch = getDrawHistory,
  firstPage: FirstPage = inlinedDrawHistory,
): DrawHistory {
  const key = `${gameId ?? ''}:${year ?? ''}`;
  const [loaded, setLoaded] = useState<Loaded | null>(() =>
    inlinedStart(key, gameId, year, firstPage),
  );
  const [pending, setPending] = useState<{ key: string; page: number } | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const loadedRef = useRef(loaded);
  useEffect(() => {
    loadedRef.current = loaded;
  });

  // Another view whose page 1 the page carries: start from it at once (during render).
  if (loaded?.key !== key) {
    const inlined = inlinedStart(key, gameId, year, firstPage);
    if (inlined) setLoaded(inlined);
  }

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
            claim: undefined,
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
    const started = loadedRef.current;
    if (started?.key === key && started.claim) {
      // Page 1 came with the page: use that up instead of asking for it again. (Run twice under
      // StrictMode, this still asks for nothing: the state is kept.)
      started.claim();
      return;
    }
    request(1);
    return () => inFlight.current?.abort();
  }, [request, key]);

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
