import type { GalleryDetail } from '@kaijiang/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectGames } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Icon } from '@/shared/ui/icon';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useGalleryDetailQuery } from '../api/content-api';
import { formatDate } from '../model/format-time';
import { galleryWords } from '../model/gallery-words';
import { ShareBar } from './share-bar';
import { ImageViewer } from './image-viewer';
import { PictureStrip } from './picture-strip';
import './gallery.css';

/** `actions` adds buttons beside "share" for the loaded picture (the app passes collect). */
export function GalleryDetailScreen({ actions }: { actions?: (item: GalleryDetail) => ReactNode }) {
  const w = useMessages(galleryWords);
  const { gameId = '', id = '' } = useParams();
  const navigate = useNavigate();
  // Which picture of the issue's set (1-based, in the address so it can be shared).
  const [params, setParams] = useSearchParams();
  const games = useAppSelector(selectGames);
  const [fullscreen, setFullscreen] = useState(false);
  // The last picture stays on screen while the next loads (no blank flash between two).
  const query = useGalleryDetailQuery({ gameId, id });
  const { data: item, isFetching: loading, refetch: retry } = query;
  const stale = query.currentData === undefined && item !== undefined;
  const error = query.isError && !loading ? errorText(query.error) : null;
  const notFound = query.isError && (query.error as { status?: number }).status === 404;
  const gameName = games.find((g) => String(g.id) === gameId)?.name ?? '';

  // Replace, not push: going back leaves the viewer for the grid, whatever was swiped through.
  // No page transition either: it is the same screen, and a running transition would swallow
  // the next swipe.
  const go = (to: number | null | undefined) =>
    to ? () => void navigate(paths.galleryDetail.href(gameId, to), { replace: true }) : undefined;

  if ((!item || stale) && (notFound || (!loading && !/^\d+$/.test(id)))) {
    return (
      <div className="kj-stack">
        <div className="kj-card">
          <EmptyState
            icon="gallery"
            title={w.notFoundTitle}
            description={w.notFoundHint}
            actions={
              <AppLink className="kj-button" to={paths.gallery.href()}>
                {w.back}
              </AppLink>
            }
          />
        </div>
      </div>
    );
  }
  if (!item) {
    return (
      <div className="kj-stack">
        {error ? (
          <ErrorNotice message={error} onRetry={retry} />
        ) : (
          <div className="kj-card kj-pad">
            <Skeleton rows={8} />
          </div>
        )}
      </div>
    );
  }

  // While the next picture loads the current one stays, but does not move on again.
  const onPrev = stale ? undefined : go(item.prevId);
  const onNext = stale ? undefined : go(item.nextId);
  const pictures = item.pictures;
  const shown = Math.min(Math.max(Number(params.get('p')) || 1, 1), pictures.length) - 1;
  const picture = pictures[shown] ?? pictures[0]!;
  const show = (i: number) =>
    setParams(i === 0 ? {} : { p: String(i + 1) }, { replace: true, preventScrollReset: true });
  // A swipe goes through the set first, then on to the neighbouring issue.
  const swipePrev = shown > 0 ? () => show(shown - 1) : onPrev;
  const swipeNext = shown < pictures.length - 1 ? () => show(shown + 1) : onNext;
  const alt =
    pictures.length > 1
      ? `${item.title} ${format(w.pictureOf, { n: shown + 1, total: pictures.length })}` +
        (picture.caption ? ` ${picture.caption}` : '')
      : item.title;
  return (
    <div
      className={fullscreen ? 'kj-gallery-detail kj-gallery-detail--full' : 'kj-gallery-detail'}
      aria-busy={stale}
    >
      <div className="kj-gallery-detail__bar">
        <div>
          <h2 className="kj-gallery-detail__title">{item.title}</h2>
          <p className="kj-gallery-detail__meta">
            {gameName ? `${gameName} · ` : ''}
            {format(w.issue, { issue: item.issue })} · {formatDate(item.publishedAt)}
            {pictures.length > 1 &&
              ` · ${shown + 1}/${pictures.length}${picture.caption ? ` ${picture.caption}` : ''}`}
          </p>
        </div>
        <button
          type="button"
          className="kj-icon-button"
          aria-pressed={fullscreen}
          aria-label={fullscreen ? w.exitFullscreen : w.fullscreen}
          onClick={() => setFullscreen((f) => !f)}
        >
          <Icon name={fullscreen ? 'back' : 'more'} size={20} />
        </button>
      </div>
      <ImageViewer src={picture.image} alt={alt} onPrev={swipePrev} onNext={swipeNext} />
      {pictures.length > 1 && (
        <PictureStrip pictures={pictures} shown={shown} onShow={show} title={item.title} />
      )}
      <nav className="kj-gallery-detail__nav" aria-label={w.navLabel}>
        <button
          type="button"
          className="kj-button kj-button--ghost"
          disabled={!onPrev}
          onClick={onPrev}
        >
          {w.prev}
        </button>
        <span className="kj-gallery-detail__hint">{w.hint}</span>
        <button
          type="button"
          className="kj-button kj-button--ghost"
          disabled={!onNext}
          onClick={onNext}
        >
          {w.next}
        </button>
      </nav>
      <ShareBar title={item.title} dark>
        {actions?.(item)}
      </ShareBar>
    </div>
  );
}
