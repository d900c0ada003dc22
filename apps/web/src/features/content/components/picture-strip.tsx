import type { GalleryPicture } from '@kaijiang/domain';
import { imageUrl } from '@/shared/api/image-url';
import { format, useMessages } from '@/shared/i18n';
import { galleryWords } from '../model/gallery-words';

/** The pictures of one issue as small buttons; the one on screen is marked current. */
export function PictureStrip({
  pictures,
  shown,
  onShow,
  title,
}: {
  pictures: GalleryPicture[];
  shown: number;
  onShow: (index: number) => void;
  title: string;
}) {
  const w = useMessages(galleryWords);
  return (
    <ol className="kj-picture-strip" aria-label={`${title} ${w.setLabel}`}>
      {pictures.map((p, i) => (
        <li key={`${i}-${p.image}`}>
          <button
            type="button"
            className="kj-picture-strip__button"
            aria-current={i === shown}
            aria-label={format(w.pictureButton, {
              n: i + 1,
              caption: p.caption ? `：${p.caption}` : '',
            })}
            onClick={() => onShow(i)}
          >
            <img src={imageUrl(p.thumb)} alt="" width={56} height={75} loading="lazy" />
          </button>
        </li>
      ))}
    </ol>
  );
}
