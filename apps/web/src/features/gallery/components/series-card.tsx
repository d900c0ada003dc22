import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import type { FavouriteCard } from '../model/device';
import { galleryWords } from '../model/words';
import { SeriesImage } from './series-image';

/** Grid cells are about 45% of a phone's width, a sixth of a desktop's content. */
export const CARD_SIZES = '(min-width: 1024px) 200px, 46vw';

/** A series in the grid: its cover, name, newest issue and the 新 mark. */
export function SeriesCardView({
  series,
  views,
  eager,
}: {
  series: FavouriteCard;
  /** Omitted for a device's favourites, which keep no counts. */
  views?: number;
  eager: boolean;
}) {
  const w = useMessages(galleryWords);
  return (
    <AppLink
      className="kj-gallery-card"
      to={paths.gallerySeries.href(series.gameId, series.id)}
      aria-label={series.isNew ? `${series.name}（${w.isNew}）` : series.name}
    >
      <span className="kj-gallery-card__media">
        {series.cover ? (
          <SeriesImage image={series.cover} alt="" sizes={CARD_SIZES} eager={eager} />
        ) : null}
        {series.isNew ? (
          <span className="kj-gallery-card__new" aria-hidden="true">
            {w.isNew}
          </span>
        ) : null}
      </span>
      <span className="kj-gallery-card__caption">
        <span className="kj-gallery-card__name">{series.name}</span>
        <span className="kj-gallery-card__meta">
          {series.latestIssue ? format(w.latest, { issue: series.latestIssue }) : w.noIssue}
        </span>
        {views !== undefined ? (
          <span className="kj-gallery-card__meta">{format(w.views, { n: views })}</span>
        ) : null}
      </span>
    </AppLink>
  );
}
