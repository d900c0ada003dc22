import type { Game } from '@kaijiang/domain';
import { format } from '@/shared/i18n';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import type { DrawHistory } from '../hooks/use-draw-history';
import { useInView } from '@/shared/lib/use-in-view';
import type { HistoryWords } from '../model/words';
import { HistoryRow } from './history-row';

/** Draws newest first; the next page loads as the end scrolls into view, or by the button. */
export function HistoryList({
  history,
  game,
  w,
  empty = w.empty,
}: {
  history: DrawHistory;
  game: Game | undefined;
  w: HistoryWords;
  /** What an empty list says (a search that found nothing says so). */
  empty?: string;
}) {
  const { items, total, loading, error, hasMore, loadMore } = history;
  const sentinel = useInView<HTMLDivElement>(loadMore, hasMore && !loading && !error);

  if (items.length === 0) {
    if (error) {
      return (
        <ErrorNotice
          message={format(w.failed, { msg: error })}
          retryLabel={w.retry}
          onRetry={history.retry}
        />
      );
    }
    if (loading) return <Skeleton rows={6} height={22} label={w.loading} />;
    return <EmptyState icon="history" title={empty} headingLevel={3} />;
  }

  return (
    <>
      <ol className="kj-hlist" aria-label={format(w.total, { total })}>
        {items.map((draw) => (
          <HistoryRow key={draw.issue} draw={draw} game={game} w={w} />
        ))}
      </ol>
      <div ref={sentinel} className="kj-hlist__foot">
        <p className="kj-hlist__count" role="status">
          {format(w.shown, { count: items.length, total })}
        </p>
        {error ? (
          <ErrorNotice
            message={format(w.failed, { msg: error })}
            retryLabel={w.retry}
            onRetry={history.retry}
          />
        ) : hasMore ? (
          <button
            type="button"
            className="kj-button kj-button--ghost"
            onClick={loadMore}
            disabled={loading}
          >
            {loading ? w.loading : w.more}
          </button>
        ) : (
          <p className="kj-hlist__end">{w.end}</p>
        )}
      </div>
    </>
  );
}
