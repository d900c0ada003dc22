import type { PagedList } from '@/shared/api/paged-list';

/**
 * Asks for a paged list's next page, and says so while it comes: ListFooter's button, and the one
 * under a member's lists. Only shown once a page is in, so `loadingMore` is the list's one wait.
 */
export function LoadMoreButton({
  list,
  words,
  block = false,
}: {
  list: PagedList<unknown>;
  words: { loading: string; loadMore: string };
  /** As wide as the column. */
  block?: boolean;
}) {
  return (
    <button
      type="button"
      className={
        block ? 'kj-button kj-button--ghost kj-button--block' : 'kj-button kj-button--ghost'
      }
      disabled={list.loadingMore}
      onClick={list.loadMore}
    >
      {list.loadingMore ? words.loading : words.loadMore}
    </button>
  );
}
