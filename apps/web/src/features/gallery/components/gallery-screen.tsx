import type { SeriesCard } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { usePagedList } from '@/shared/api/paged-list';
import { useGallerySeriesInfiniteQuery } from '../api/series-list';
import { FAVOURITES_TAB, SEARCH_MAX, cleanSearch, gridChoice } from '../model/gallery-address';
import { galleryWords } from '../model/words';
import { ListFooter } from '@/shared/ui/list-footer';
import { SeriesCardView } from './series-card';
import { useFavourites } from './use-favourites';
import '@/shared/ui/pills.css';
import './gallery.css';

const seriesId = (s: SeriesCard) => s.id;
/** The first two rows of a phone are on screen at once: not left to lazy loading. */
const EAGER = 4;
/** Typing settles this long before the search is sent (and kept in the address). */
export const SEARCH_DELAY_MS = 300;

/**
 * The picture library (issue 45): a game's named series, most viewed first, searched by name
 * or pinyin initials (?q), with a 收藏 tab of the favourite series; game and search are in the
 * address, so the server renders the same grid (features/gallery/api/loaders.ts).
 */
export function GalleryScreen() {
  const w = useMessages(galleryWords);
  const games = useAppSelector(selectHomeGames);
  const [params, setParams] = useSearchParams();
  const choice = gridChoice(games, params);
  const [typed, setTyped] = useState(params.get('q') ?? '');
  const favourites = useFavourites();
  const list = usePagedList(
    useGallerySeriesInfiniteQuery(choice.gameId === null ? skipToken : choice.arg),
    seriesId,
  );

  // The search goes to the address once typing settles; the list follows the address.
  useEffect(() => {
    const q = cleanSearch(typed);
    if (q === choice.arg.q) return;
    const timer = setTimeout(() => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (q) next.set('q', q);
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, choice.arg.q, setParams]);

  const pick = (game: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('game', game);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const gameName = games.find((g) => g.id === choice.gameId)?.name ?? '';
  const query = choice.arg.q;
  const shownFavourites = (favourites.list ?? []).filter(
    (s) => !query || s.name.toLowerCase().includes(query) || s.initials.startsWith(query),
  );

  return (
    <div className="kj-stack kj-gallery">
      <div className="kj-scroll-row kj-pill-tabs" role="tablist" aria-label={w.gamesLabel}>
        {games.map((g) => (
          <button
            key={g.id}
            type="button"
            role="tab"
            aria-selected={g.id === choice.gameId}
            className={g.id === choice.gameId ? 'kj-tab kj-tab--active' : 'kj-tab'}
            onClick={() => pick(String(g.id))}
          >
            {g.shortName || g.name}
          </button>
        ))}
        <button
          type="button"
          role="tab"
          aria-selected={choice.favourites}
          className={choice.favourites ? 'kj-tab kj-tab--active' : 'kj-tab'}
          onClick={() => pick(FAVOURITES_TAB)}
        >
          {w.favouritesTab}
        </button>
      </div>
      <form className="kj-gallery-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <input
          type="search"
          aria-label={w.searchLabel}
          placeholder={w.searchPlaceholder}
          maxLength={SEARCH_MAX}
          value={typed}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      {choice.favourites ? (
        shownFavourites.length ? (
          <ul className="kj-gallery-grid" aria-label={w.favouritesLabel}>
            {shownFavourites.map((s, i) => (
              <li key={s.id}>
                <SeriesCardView series={s} eager={i < EAGER} />
              </li>
            ))}
          </ul>
        ) : favourites.list === null ? (
          <div className="kj-card kj-gallery-pad">
            <Skeleton rows={6} />
          </div>
        ) : (
          <div className="kj-card">
            <EmptyState icon="star" title={w.noFavouritesTitle} description={w.noFavouritesHint} />
          </div>
        )
      ) : list.items.length === 0 && (list.loading || games.length === 0) ? (
        <div className="kj-card kj-gallery-pad">
          <Skeleton rows={6} />
        </div>
      ) : list.items.length === 0 && list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.items.length === 0 ? (
        <div className="kj-card">
          {query ? (
            <EmptyState
              icon="gallery"
              title={format(w.noMatchTitle, { q: query })}
              description={w.noMatchHint}
            />
          ) : (
            <EmptyState icon="gallery" title={w.emptyTitle} description={w.emptyHint} />
          )}
        </div>
      ) : (
        <>
          <ul className="kj-gallery-grid" aria-label={format(w.listLabel, { game: gameName })}>
            {list.items.map((s, i) => (
              <li key={s.id}>
                <SeriesCardView series={s} views={s.views} eager={i < EAGER} />
              </li>
            ))}
          </ul>
          <ListFooter list={list} words={w} />
        </>
      )}
    </div>
  );
}
