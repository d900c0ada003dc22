import type { ReactNode } from 'react';
import type { PagedList } from '@/shared/api/paged-list';
import { useMessages } from '@/shared/i18n';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { LoadMoreButton } from '@/shared/ui/load-more-button';
import { Skeleton } from '@/shared/ui/skeleton';
import { memberWords } from '../model/words';

/**
 * A member's own paged list (collections, messages): loading, failing with a retry, empty, or a
 * card of rows; then a later page's failure and the button that asks for the next one. Each
 * screen brings its words, its empty state and its rows (`row` gives the `<li>`).
 */
export function MemberList<T>({
  list,
  label,
  loadingLabel,
  failed,
  empty,
  row,
}: {
  list: PagedList<T>;
  /** Names the list of rows. */
  label: string;
  loadingLabel: string;
  /** Said when the first page failed and the server gave no words. */
  failed: string;
  empty: ReactNode;
  row: (item: T) => ReactNode;
}) {
  const w = useMessages(memberWords);
  return (
    <>
      {list.status === 'loading' ? (
        <div className="kj-card kj-inbox-pad">
          <Skeleton rows={4} label={loadingLabel} />
        </div>
      ) : list.status === 'error' ? (
        <ErrorNotice message={list.error ?? failed} onRetry={list.retry} retryLabel={w.retry} />
      ) : list.items.length === 0 ? (
        <div className="kj-card">{empty}</div>
      ) : (
        <ul className="kj-card kj-inbox" aria-label={label}>
          {list.items.map(row)}
        </ul>
      )}
      {list.status === 'ready' && list.error ? <ErrorNotice message={list.error} /> : null}
      {list.status === 'ready' && list.hasMore ? (
        <LoadMoreButton list={list} words={w} block />
      ) : null}
    </>
  );
}
