import { Deferred } from '@/shared/ui/deferred';
import type { GalleryItem } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { LazyImage } from '@/shared/ui/lazy-image';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePagedList } from '@/shared/api/paged-list';
import { useGalleryInfiniteQuery } from '../api/content-api';
import { galleryGame } from '../model/gallery-game';
import { formatDate } from '../model/format-time';
import { galleryWords } from '../model/gallery-words';
import { ListFooter } from './list-footer';
import './content.css';
import './gallery.css';

const galleryId = (g: GalleryItem) => g.id;

/** Pictures of one game by issue, newest first, in a grid; the game is kept in the address. */
/** The first two rows on a phone: on screen at once, so not left to the lazy loader. */
const EAGER_PICTURES = 4;

export function GalleryScreen() {
  const w = useMessages(galleryWords);
  const games = useAppSelector(selectHomeGames);
  const [params, setParams] = useSearchParams();
  const game = galleryGame(games, params);
  const gameId = game?.id;
  const list = usePagedList(useGalleryInfiniteQuery(gameId ?? skipToken), galleryId);

  return (
    <div className="kj-stack">
      {games.length > 1 ? (
        <div className="kj-tabs" role="tablist" aria-label={w.gamesLabel}>
          {games.map((g) => (
            <button
              key={g.id}
              type="button"
              role="tab"
              aria-selected={g.id === gameId}
              className={g.id === gameId ? 'kj-tab kj-tab--active' : 'kj-tab'}
              onClick={() => setParams({ game: String(g.id) }, { replace: true })}
            >
              {g.shortName || g.name}
            </button>
          ))}
        </div>
      ) : null}
      {list.items.length === 0 && (list.loading || games.length === 0) ? (
        <div className="kj-card kj-pad">
          <Skeleton rows={6} />
        </div>
      ) : list.items.length === 0 && list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.items.length === 0 ? (
        <div className="kj-card">
          <EmptyState icon="gallery" title={w.emptyTitle} description={w.emptyHint} />
        </div>
      ) : (
        <>
          <ul
            className="kj-gallery-grid"
            aria-label={format(w.listLabel, { game: game?.name ?? '' })}
          >
            {list.items.map((item, index) => (
              <li key={item.id}>
                {/* A server-rendered page builds its cards one task each, after the first render. */}
                <Deferred id={`gallery-${item.id}`}>
                  <AppLink
                    className="kj-gallery-card"
                    to={paths.galleryDetail.href(item.gameId, item.id)}
                  >
                    <LazyImage
                      src={item.thumb}
                      alt={item.title}
                      width={240}
                      height={320}
                      eager={index < EAGER_PICTURES}
                    />
                    {item.pictureCount > 1 && (
                      <span className="kj-gallery-card__count">
                        {format(w.count, { n: item.pictureCount })}
                      </span>
                    )}
                    <span className="kj-gallery-card__caption">
                      {/* One text node, as in the server's HTML: hydration keeps it untouched. */}
                      <span className="kj-gallery-card__issue">
                        {format(w.issue, { issue: item.issue })}
                      </span>
                      <time dateTime={item.publishedAt}>{formatDate(item.publishedAt)}</time>
                    </span>
                  </AppLink>
                </Deferred>
              </li>
            ))}
          </ul>
          <ListFooter list={list} endText={w.end} />
        </>
      )}
    </div>
  );
}
