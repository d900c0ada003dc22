import { useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import type { PagedList } from '@/shared/api/paged-list';
import { useInView } from '@/shared/lib/use-in-view';
import { galleryWords } from '../model/words';

/**
 * The end of a paged gallery list: the next page as it scrolls near (a button too, for browsers
 * without IntersectionObserver and after a failure).
 */
export function GalleryFooter({ list, endText }: { list: PagedList<unknown>; endText: string }) {
  const w = useMessages(galleryWords);
  const sentinel = useInView<HTMLDivElement>(list.loadMore, list.hasMore && !list.error);
  return (
    <div ref={sentinel} className="kj-gallery-footer">
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
        <p className="kj-gallery-footer__end">{endText}</p>
      )}
    </div>
  );
}
