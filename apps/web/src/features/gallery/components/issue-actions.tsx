import type { SeriesIssue } from '@kaijiang/domain';
import { useMessages, format } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { useGalleryLikeMutation } from '../api/issue-like';
import { galleryWords } from '../model/words';

/** Like the issue's picture: one per member or device (the server counts). */
export function LikeButton({ item }: { item: SeriesIssue }) {
  const w = useMessages(galleryWords);
  const [like, state] = useGalleryLikeMutation();
  const arg = { seriesId: item.series.id, issue: item.issue };
  return (
    <span className="kj-gallery-star-wrap">
      <button
        type="button"
        className={item.liked ? 'kj-gallery-like kj-gallery-like--on' : 'kj-gallery-like'}
        aria-pressed={item.liked}
        aria-label={`${item.liked ? w.liked : w.like}，${format(w.likes, { n: item.likes })}`}
        disabled={state.isLoading}
        onClick={() => void like({ ...arg, on: !item.liked })}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path
            d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z"
            fill={item.liked ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
        <span aria-hidden="true">{item.likes}</span>
      </button>
      {state.isError ? (
        <span className="kj-gallery-note" role="alert">
          {w.likeFailed}
        </span>
      ) : null}
    </span>
  );
}

/** 彩色 / 黑白, where the issue has both. */
export function VariantToggle({
  shown,
  onShow,
}: {
  shown: 'colour' | 'mono';
  onShow: (v: 'colour' | 'mono') => void;
}) {
  const w = useMessages(galleryWords);
  return (
    <div className="kj-gallery-variants" role="group" aria-label={w.variantLabel}>
      {(['colour', 'mono'] as const).map((v) => (
        <button
          key={v}
          type="button"
          className="kj-gallery-chip"
          aria-pressed={shown === v}
          onClick={() => onShow(v)}
        >
          {v === 'colour' ? w.colour : w.mono}
        </button>
      ))}
    </div>
  );
}

export const NavIcon = ({ dir }: { dir: 'prev' | 'next' }) => (
  <Icon name={dir === 'prev' ? 'back' : 'chevron'} size={18} />
);
