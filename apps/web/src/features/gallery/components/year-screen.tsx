import { skipToken } from '@reduxjs/toolkit/query';
import { useParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { usePageTitle } from '@/shared/ui/page-title';
import { Skeleton } from '@/shared/ui/skeleton';
import { errorText } from '@/shared/api/paged-list';
import { useGallerySeriesDetailQuery } from '../api/series-detail';
import { useGalleryYearQuery } from '../api/year-sheet';
import { idOf, yearOf } from '../model/gallery-address';
import { galleryWords } from '../model/words';
import { GalleryMissing } from './gallery-missing';
import { SeriesImage } from './series-image';
import './gallery.css';

/** A year sheet cell is small: six across a desktop, four across a phone. */
const SHEET_SIZES = '(min-width: 1024px) 160px, 24vw';
const EAGER = 8;

/** The year's sheet of a series: every issue's thumbnail of that year, newest first. */
export function YearScreen() {
  const w = useMessages(galleryWords);
  const params = useParams();
  const seriesId = idOf(params.seriesId);
  const year = yearOf(params.year);
  const gameId = params.gameId ?? '';
  const detail = useGallerySeriesDetailQuery(
    seriesId !== null && year !== null ? seriesId : skipToken,
  );
  const sheet = useGalleryYearQuery(
    seriesId !== null && year !== null ? { seriesId, year } : skipToken,
  );
  const series = detail.data;
  usePageTitle(series && year ? `${series.name} ${year}` : undefined);

  const missing = (detail.error as { status?: number } | undefined)?.status === 404;
  if (seriesId === null || year === null || missing) {
    return (
      <GalleryMissing
        title={w.notFoundTitle}
        hint={w.notFoundHint}
        back={w.back}
        to={paths.gallery.href()}
      />
    );
  }
  const error = detail.isError ? detail.error : sheet.isError ? sheet.error : null;
  return (
    <div className="kj-stack kj-gallery">
      <header className="kj-card kj-gallery-head">
        <div>
          <h2 className="kj-gallery-head__title">
            {series ? (
              <AppLink to={paths.gallerySeries.href(gameId, seriesId)}>{series.name}</AppLink>
            ) : null}{' '}
            {format(w.yearSheet, { year })}
          </h2>
          {sheet.data ? (
            <p className="kj-gallery-head__meta">
              {format(w.issueCount, { n: sheet.data.items.length })}
            </p>
          ) : null}
        </div>
        {series && series.years.length > 1 ? (
          <nav className="kj-gallery-years" aria-label={w.yearsLabel}>
            {series.years.map((y) => (
              <AppLink
                key={y}
                className="kj-gallery-chip"
                aria-current={y === year ? 'page' : undefined}
                to={paths.galleryYear.href(gameId, seriesId, y)}
              >
                {y}
              </AppLink>
            ))}
          </nav>
        ) : null}
      </header>
      {error ? (
        <ErrorNotice
          message={errorText(error)}
          onRetry={() => void (detail.isError ? detail.refetch() : sheet.refetch())}
        />
      ) : !sheet.data ? (
        <div className="kj-card kj-gallery-pad">
          <Skeleton rows={8} />
        </div>
      ) : sheet.data.items.length === 0 ? (
        <p className="kj-card kj-gallery-pad">{w.yearEmpty}</p>
      ) : (
        <ol className="kj-gallery-sheet" aria-label={format(w.yearSheet, { year })}>
          {sheet.data.items.map((item, i) => {
            const image = item.colour ?? item.mono;
            return (
              <li key={item.issue}>
                <AppLink
                  className="kj-gallery-sheet__cell"
                  to={paths.galleryIssue.href(gameId, seriesId, item.issue)}
                >
                  {image ? (
                    <SeriesImage image={image} alt="" sizes={SHEET_SIZES} eager={i < EAGER} />
                  ) : null}
                  <span>{format(w.issue, { issue: item.issue })}</span>
                </AppLink>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
