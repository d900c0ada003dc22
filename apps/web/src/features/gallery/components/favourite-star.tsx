import type { SeriesCard } from '@kaijiang/domain';
import { useState } from 'react';
import { useMessages } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { galleryWords } from '../model/words';
import { useFavourites } from './use-favourites';

/** The series' star: on the account for a member, on the device for a visitor. */
export function FavouriteStar({ series }: { series: SeriesCard }) {
  const w = useMessages(galleryWords);
  const favourites = useFavourites();
  const [failed, setFailed] = useState(false);
  const on = favourites.has(series.id);
  const toggle = () => {
    setFailed(false);
    favourites.set(series, !on).catch(() => setFailed(true));
  };
  return (
    <span className="kj-gallery-star-wrap">
      <button
        type="button"
        className={on ? 'kj-gallery-star kj-gallery-star--on' : 'kj-gallery-star'}
        aria-pressed={on}
        disabled={favourites.busy}
        onClick={toggle}
      >
        <Icon name="star" size={18} />
        <span>{on ? w.unfavourite : w.favourite}</span>
      </button>
      {failed ? (
        <span className="kj-gallery-note" role="alert">
          {w.favouriteFailed}
        </span>
      ) : null}
    </span>
  );
}
