import { useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import type { PagedList } from '@/shared/api/paged-list';
import { useInView } from '@/shared/lib/use-in-view';
import { contentWords } from '../model/words';

/**
 * The end of an infinite list: loads the next page when it scrolls into view, with a button for
 * browsers without IntersectionObserver and after a failure.
 */
export function ListFooter({ list, endText }: { list: PagedList<unknown>; endText: string }) {
  const w = useMessages(contentWords);
  const sentinel = useInView<HTMLDivElement>(list.loadMore, list.hasMore && !list.error);
  return (
    <div ref={sentinel} className="kj-list-footer">
      {list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.hasMore ? (
        <button
          type="button"
          className="kj-button kj-button--ghost"
          disabled={list.loading}
          onClick={list.loadMore}
        >
          {list.loading ? w.loading : w.loadMore}
        </button>
      ) : (
        <p className="kj-list-footer__end">{endText}</p>
      )}
    </div>
  );
}
