import { useCallback, useEffect, useRef, useState } from 'react';
import type { Inlined } from '@/shared/api/public-api';

export interface Page<T> {
  items: T[];
  total: number;
}

export interface PagedList<T> {
  items: T[];
  total: number;
  /** A page is on its way (the first one, or the next). */
  loading: boolean;
  error: string | null;
  hasMore: boolean;
  loadMore: () => void;
  /** After a failure: asks for the page that failed again, keeping what is shown. */
  retry: () => void;
}

interface State<T> {
  key: string;
  items: T[];
  total: number;
  /** Pages appended so far. */
  page: number;
  pending: number | null;
  error: string | null;
  /** Page 1 came with the page (server-rendered), not from a request: uses that entry up. */
  claim: (() => void) | null;
}

/** Where a key starts: on page 1 when the page carries it, else waiting for page 1. */
function start<T>(key: string, firstPage?: () => Inlined<Page<T>> | undefined): State<T> {
  const inlined = firstPage?.();
  return inlined
    ? {
        key,
        items: inlined.value.items,
        total: inlined.value.total,
        page: 1,
        pending: null,
        error: null,
        claim: inlined.claim,
      }
    : { key, items: [], total: 0, page: 0, pending: 1, error: null, claim: null };
}

/**
 * A list read a page at a time and appended (infinite scroll). A new `key` (another category or
 * game) starts over; an answer for a key already left is dropped, and items already shown are not
 * repeated when the list shifted between two pages.
 *
 * `firstPage` finds page 1 of `key` in the page itself (a server-rendered screen): the list then
 * starts from it in its first render, the same markup as the server's, and does not ask for it.
 */
export function usePagedList<T>(
  key: string,
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  idOf: (item: T) => string | number,
  firstPage?: () => Inlined<Page<T>> | undefined,
): PagedList<T> {
  const [state, setState] = useState<State<T>>(() => start(key, firstPage));
  const fetchRef = useRef(fetchPage);
  const idRef = useRef(idOf);
  const stateRef = useRef(state);
  useEffect(() => {
    fetchRef.current = fetchPage;
    idRef.current = idOf;
    stateRef.current = state;
  });
  const inFlight = useRef<AbortController | null>(null);

  const request = useCallback(
    (page: number) => {
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      fetchRef
        .current(page, controller.signal)
        .then((answer) => {
          if (controller.signal.aborted) return;
          setState((s) => {
            if (s.key !== key) return s;
            const base = page === 1 ? [] : s.items;
            const seen = new Set(base.map((i) => idRef.current(i)));
            const fresh = answer.items.filter((i) => !seen.has(idRef.current(i)));
            return {
              key,
              items: [...base, ...fresh],
              total: answer.total,
              page,
              pending: null,
              error: null,
              claim: null,
            };
          });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setState((s) =>
            s.key !== key
              ? s
              : {
                  ...s,
                  pending: null,
                  error: error instanceof Error ? error.message : String(error),
                },
          );
        });
    },
    [key],
  );

  // A new key: start over from page 1 (state reset during render, not in an effect).
  if (state.key !== key) {
    setState(start(key, firstPage));
  }

  useEffect(() => {
    const started = stateRef.current;
    if (started.key === key && started.claim) {
      // Page 1 came with the page: use that up instead of asking for it again. (Run twice under
      // StrictMode, this still asks for nothing: the state is kept.)
      started.claim();
      return;
    }
    request(1);
    return () => inFlight.current?.abort();
  }, [request, key]);

  const current = state.key === key ? state : null;
  const items = current?.items ?? [];
  const total = current?.total ?? 0;
  const page = current?.page ?? 0;
  const loading = current === null || current.pending !== null;
  const error = current?.error ?? null;
  const hasMore = page > 0 && items.length < total;

  const loadMore = useCallback(() => {
    if (loading || error || !hasMore) return;
    setState((s) => ({ ...s, pending: page + 1 }));
    request(page + 1);
  }, [loading, error, hasMore, page, request]);

  const retry = useCallback(() => {
    const next = page + 1;
    setState((s) => ({ ...s, pending: next, error: null }));
    request(next);
  }, [page, request]);

  return { items, total, loading, error, hasMore, loadMore, retry };
}
