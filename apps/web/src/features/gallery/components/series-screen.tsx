import type { SeriesIssueCard } from '@kaijiang/domain';
import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { usePageTitle } from '@/shared/ui/page-title';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText, usePagedList } from '@/shared/api/paged-list';
import { useGalleryIssuesInfiniteQuery } from '../api/series-issues';
import { useGallerySeriesDetailQuery } from '../api/series-detail';
import { idOf } from '../model/gallery-address';
import { galleryWords } from '../model/words';
import { FavouriteStar } from './favourite-star';
import { ListFooter } from '@/shared/ui/list-footer';
import { GalleryMissing } from './gallery-missing';
import { CARD_SIZES } from './series-card';
import { SeriesImage } from './series-image';
import './gallery.css';

const issueOf = (i: SeriesIssueCard) => i.issue;
const EAGER = 4;
const isMissing = (error: unknown) => (error as { status?: number } | undefined)?.status === 404;

/** A series' issues, newest first, a page at a time; its years lead to the year sheets. */
export function SeriesScreen() {
  const w = useMessages(galleryWords);
  const params = useParams();
  const seriesId = idOf(params.seriesId);
  const detail = useGallerySeriesDetailQuery(seriesId ?? skipToken);
  const list = usePagedList(useGalleryIssuesInfiniteQuery(seriesId ?? skipToken), issueOf);
  const series = detail.data;
  usePageTitle(series?.name);

  if (seriesId === null || isMissing(detail.error)) {
    return (
      <GalleryMissing
        title={w.notFoundTitle}
        hint={w.notFoundHint}
        back={w.back}
        to={paths.gallery.href()}
      />
    );
  }
  if (!series) {
    return detail.isError ? (
      <ErrorNotice message={errorText(detail.error)} onRetry={detail.refetch} />
    ) : (
      <div className="kj-card kj-gallery-pad">
        <Skeleton rows={8} />
      </div>
    );
  }
  return (
    <div className="kj-stack kj-gallery">
      <header className="kj-card kj-gallery-head">
        <div>
          <h2 className="kj-gallery-head__title">
            {series.name}
            {series.isNew ? <span className="kj-gallery-new">{w.isNew}</span> : null}
          </h2>
          <p className="kj-gallery-head__meta">
            {format(w.issueCount, { n: series.issueCount })} ·{' '}
            {format(w.views, { n: series.views })}
          </p>
        </div>
        <FavouriteStar series={series} />
        {series.years.length ? (
          <nav className="kj-gallery-years" aria-label={w.yearsLabel}>
            {series.years.map((y) => (
              <AppLink
                key={y}
                className="kj-gallery-chip"
                to={paths.galleryYear.href(series.gameId, series.id, y)}
              >
                {format(w.yearSheetLink, { year: y })}
              </AppLink>
            ))}
          </nav>
        ) : null}
      </header>
      {list.items.length === 0 && list.error ? (
        <ErrorNotice message={list.error} onRetry={list.retry} />
      ) : list.items.length === 0 && !list.loading ? (
        <p className="kj-card kj-gallery-pad">{w.noIssue}</p>
      ) : (
        <>
          <ul className="kj-gallery-grid" aria-label={format(w.issuesLabel, { name: series.name })}>
            {list.items.map((item, i) => {
              const image = item.colour ?? item.mono;
              return (
                <li key={item.issue} className="kj-gallery-cell">
                  <AppLink
                    className="kj-gallery-card"
                    to={paths.galleryIssue.href(series.gameId, series.id, item.issue)}
                  >
                    <span className="kj-gallery-card__media">
                      {image ? (
                        <SeriesImage image={image} alt="" sizes={CARD_SIZES} eager={i < EAGER} />
                      ) : null}
                    </span>
                    <span className="kj-gallery-card__caption">
                      <span className="kj-gallery-card__name">
                        {format(w.issue, { issue: item.issue })}
                      </span>
                      <span className="kj-gallery-card__meta">
                        {format(w.likes, { n: item.likes })} ·{' '}
                        {format(w.comments, { n: item.comments })}
                      </span>
                    </span>
                  </AppLink>
                </li>
              );
            })}
          </ul>
          {list.items.length === 0 ? (
            <div className="kj-card kj-gallery-pad">
              <Skeleton rows={6} />
            </div>
          ) : (
            <ListFooter list={list} words={w} />
          )}
        </>
      )}
    </div>
  );
}
