import type { PagedList } from '@/shared/api/paged-list';
import { useInView } from '@/shared/lib/use-in-view';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { LoadMoreButton } from '@/shared/ui/load-more-button';
import './list-footer.css';

/**
 * The end of an infinite list (news, the picture library): loads the next page when it scrolls
 * into view, with a button for browsers without IntersectionObserver and after a failure. The
 * words are the caller's, so that each feature keeps its own texts.
 */
export function ListFooter({
  list,
  words,
}: {
  list: PagedList<unknown>;
  words: { end: string; loading: string; loadMore: string };
}) {
  const sentinel = useInView<HTMLDivElement>(list.loadMore, list.hasMore && !list.error);
  return (
    <div ref={sentinel} className="kj-list-footer">
      {list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.hasMore ? (
        <LoadMoreButton list={list} words={words} />
      ) : (
        <p className="kj-list-footer__end">{words.end}</p>
      )}
    </div>
  );
}
