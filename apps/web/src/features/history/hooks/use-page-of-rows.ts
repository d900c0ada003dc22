import { useEffect, useRef, useState } from 'react';
import type { PagedList } from '@/shared/api/paged-list';

/**
 * The first row count past `shown` that is a whole number of pages of `rows`: what "load more"
 * asks for (20 shown, pages of 60: up to 60; 60 shown: up to 120).
 */
export function nextPageEnd(shown: number, rows: number): number {
  return (Math.floor(shown / rows) + 1) * rows;
}

/**
 * A list read in pages of `rows` items from an API that answers smaller ones: it asks for its
 * next page until `rows` more are shown. A desktop's history shows 60 draws a page (issue 43)
 * while a phone keeps the server-rendered page of 20: the server renders 20 for both, and the
 * desktop's further 40 are added below them after hydration, so nothing on screen moves.
 * `view` names the list (game, year, month): another one starts again from one page.
 */
export function usePageOfRows<L extends PagedList<unknown>>(
  list: L,
  rows: number,
  view: string,
): L {
  const [wanted, setWanted] = useState({ view, rows });
  const target = wanted.view === view ? Math.max(wanted.rows, rows) : rows;
  const shown = list.items.length;
  const filling = shown > 0 && shown < target && list.hasMore && !list.error;

  // The list's loadMore changes every render: the effect calls the latest one.
  const loadMore = useRef(list.loadMore);
  useEffect(() => {
    loadMore.current = list.loadMore;
  });
  useEffect(() => {
    if (filling && !list.loading) loadMore.current();
  }, [filling, list.loading, shown]);

  return {
    ...list,
    // Between two of the page's requests the list is still loading, for its button and footer.
    loading: list.loading || filling,
    loadingMore: list.loadingMore || filling,
    // Asked twice for the same page (the end scrolled into view, and the button), it loads once.
    loadMore: () => {
      if (!filling && list.hasMore && !list.error) {
        setWanted({ view, rows: nextPageEnd(shown, rows) });
      }
    },
  };
}
