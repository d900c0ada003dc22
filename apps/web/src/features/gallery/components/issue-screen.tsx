import { lunarYearOf, type GalleryVariant, type SeriesPicture } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { usePageTitle } from '@/shared/ui/page-title';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useGalleryIssueQuery } from '../api/series-issue';
import { idOf, issueYear } from '../model/gallery-address';
import { galleryWords } from '../model/words';
import { FavouriteStar } from './favourite-star';
import { GalleryMissing } from './gallery-missing';
import { ImageViewer } from './image-viewer';
import { LikeButton, NavIcon, VariantToggle } from './issue-actions';
import { IssueComments } from './issue-comments';
import { IssueResult } from './issue-result';
import { SeriesImage } from './series-image';
import './gallery.css';

/** Where the previous issue shows beside the current one (gallery.css uses the same width). */
export const SIDE_BY_SIDE = '(min-width: 1024px)';
const VIEWER_SIZES = `${SIDE_BY_SIDE} 560px, 100vw`;

/** The shown version's pictures in order: ?v=mono asks for 黑白 where the issue has it. */
export function picturesOf(pictures: readonly SeriesPicture[], wanted: string | null) {
  const has = (v: GalleryVariant) => pictures.some((p) => p.variant === v);
  const both = has('colour') && has('mono');
  const variant: GalleryVariant =
    wanted === 'mono' && has('mono') ? 'mono' : has('colour') ? 'colour' : 'mono';
  const shown = pictures
    .filter((p) => p.variant === variant)
    .sort((a, b) => a.position - b.position);
  return { variant, both, shown };
}

const typing = (el: EventTarget | null) =>
  el instanceof HTMLElement &&
  (el.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(el.tagName));

/**
 * The viewer (issue 45): the issue's picture fitting the screen (pinch and double-tap zoom on a
 * phone), swipes, buttons and ←/→ to the neighbouring issues of the series, 彩色/黑白, the
 * previous issue beside it on a desktop, the draw once drawn, likes, the star and comments.
 */
export function IssueScreen() {
  const w = useMessages(galleryWords);
  const params = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const seriesId = idOf(params.seriesId);
  const issue = params.issue ?? '';
  const valid = seriesId !== null && /^\d{1,16}$/.test(issue);
  // Asked again when shown: the server renders for nobody, so a server-rendered answer's `liked`
  // is nobody's; this member's or device's comes with the call the browser makes.
  const query = useGalleryIssueQuery(valid ? { seriesId, issue } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const { data: item, isFetching } = query;
  // The last issue stays on screen while the next loads (no blank flash between two).
  const stale = query.currentData === undefined && item !== undefined;
  const wide = useMediaQuery(SIDE_BY_SIDE, false);
  const prevQuery = useGalleryIssueQuery(
    wide && item?.prev && seriesId !== null ? { seriesId, issue: item.prev } : skipToken,
  );
  usePageTitle(item?.series.name);

  const gameId = params.gameId ?? '';
  // Replace, not push: going back leaves the viewer for the series, whatever was swiped through.
  const go = (to: string | null | undefined) =>
    to && !stale && seriesId !== null
      ? () => {
          const v = search.get('v');
          const href = paths.galleryIssue.href(gameId, seriesId, to);
          void navigate(v ? `${href}?v=${v}` : href, { replace: true, preventScrollReset: true });
        }
      : undefined;
  const onPrev = go(item?.prev);
  const onNext = go(item?.next);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
      if (e.key === 'ArrowLeft' && onPrev) onPrev();
      else if (e.key === 'ArrowRight' && onNext) onNext();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const notFound = (query.error as { status?: number } | undefined)?.status === 404;
  if (!valid || (notFound && (!item || stale))) {
    return (
      <GalleryMissing
        title={w.issueNotFoundTitle}
        hint={w.issueNotFoundHint}
        back={seriesId !== null ? w.backToSeries : w.back}
        to={seriesId !== null ? paths.gallerySeries.href(gameId, seriesId) : paths.gallery.href()}
      />
    );
  }
  if (!item) {
    return query.isError && !isFetching ? (
      <ErrorNotice message={errorText(query.error)} onRetry={query.refetch} />
    ) : (
      <div className="kj-card kj-gallery-pad">
        <Skeleton rows={10} />
      </div>
    );
  }

  const { variant, both, shown } = picturesOf(item.pictures, search.get('v'));
  const first = shown[0];
  const title = `${item.series.name} ${format(w.issue, { issue: item.issue })}`;
  const setVariant = (v: GalleryVariant) =>
    setSearch(v === 'mono' ? { v } : {}, { replace: true, preventScrollReset: true });
  const year = issueYear(item.issue, item.publishedAt);
  const prevPicture = prevQuery.data
    ? picturesOf(prevQuery.data.pictures, variant).shown[0]
    : undefined;

  return (
    <div className="kj-stack kj-gallery" aria-busy={stale}>
      <header className="kj-card kj-gallery-head">
        <div>
          <h2 className="kj-gallery-head__title">
            <AppLink to={paths.gallerySeries.href(gameId, item.series.id)}>
              {item.series.name}
            </AppLink>{' '}
            {format(w.issue, { issue: item.issue })}
          </h2>
          <p className="kj-gallery-head__meta">
            <time dateTime={item.publishedAt}>{item.publishedAt.slice(0, 10)}</time> ·{' '}
            <AppLink to={paths.galleryYear.href(gameId, item.series.id, year)}>
              {format(w.yearSheetLink, { year })}
            </AppLink>
          </p>
        </div>
        <div className="kj-gallery-head__actions">
          {both ? <VariantToggle shown={variant} onShow={setVariant} /> : null}
          <LikeButton item={item} />
          <FavouriteStar series={item.series} />
        </div>
      </header>
      <div className={item.prev ? 'kj-gallery-stage kj-gallery-stage--pair' : 'kj-gallery-stage'}>
        <section className="kj-gallery-stage__main" aria-label={title}>
          {first ? (
            <ImageViewer
              image={first.image}
              alt={first.caption ? `${title} ${first.caption}` : title}
              sizes={VIEWER_SIZES}
              onPrev={onPrev}
              onNext={onNext}
            />
          ) : null}
          <nav className="kj-gallery-nav" aria-label={w.navLabel}>
            <button
              type="button"
              className="kj-button kj-button--ghost"
              disabled={!onPrev}
              onClick={onPrev}
            >
              <NavIcon dir="prev" />
              {w.prev}
            </button>
            <span className="kj-gallery-nav__hint">{w.hint}</span>
            <button
              type="button"
              className="kj-button kj-button--ghost"
              disabled={!onNext}
              onClick={onNext}
            >
              {w.next}
              <NavIcon dir="next" />
            </button>
          </nav>
          {shown.slice(1).map((p, i) => (
            <SeriesImage
              key={`${p.variant}-${p.position}`}
              className="kj-gallery-more"
              image={p.image}
              alt={`${title} ${format(w.pictureOf, { n: i + 2, total: shown.length })} ${p.caption}`.trim()}
              sizes={VIEWER_SIZES}
            />
          ))}
        </section>
        {item.prev ? (
          // Its box is kept on a desktop from the first paint (gallery.css): no shift when it fills.
          <aside
            className="kj-gallery-stage__prev"
            aria-label={format(w.previousIssue, { issue: item.prev })}
          >
            <AppLink
              className="kj-gallery-prev"
              to={paths.galleryIssue.href(gameId, item.series.id, item.prev)}
            >
              <span className="kj-gallery-prev__label">
                {format(w.previousIssue, { issue: item.prev })}
              </span>
              {prevPicture ? (
                <SeriesImage
                  image={prevPicture.image}
                  alt=""
                  sizes="480px"
                  className="kj-gallery-prev__img"
                />
              ) : null}
            </AppLink>
          </aside>
        ) : null}
      </div>
      <section
        className="kj-card kj-gallery-result"
        aria-label={format(w.result, { issue: item.issue })}
      >
        {item.result ? (
          <IssueResult numbers={item.result} lunarYear={lunarYearOf(new Date(item.publishedAt))} />
        ) : (
          <p className="kj-gallery-head__meta">{w.notDrawn}</p>
        )}
      </section>
      <IssueComments
        key={`${item.series.id}:${item.issue}`}
        seriesId={item.series.id}
        issue={item.issue}
        count={item.comments}
      />
    </div>
  );
}
