import type { GalleryImage } from '@kaijiang/domain';
import { imageSrc as imageUrl } from '../model/image-src';

/**
 * A gallery picture: its three re-encoded sizes in `srcset` (thumb 360, phone 800, desktop 1600
 * wide, packages/domain/src/wire/gallery-series.ts), its own width and height so the box is
 * reserved before it loads (no layout shift), and the browser's own lazy loading below the fold.
 */
export function SeriesImage({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: GalleryImage;
  alt: string;
  /** How wide it shows, e.g. `(min-width: 1024px) 200px, 45vw`. */
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const thumb = imageUrl(image.thumb);
  return (
    <img
      className={className}
      src={thumb}
      srcSet={`${thumb} 360w, ${imageUrl(image.phone)} 800w, ${imageUrl(image.desktop)} 1600w`}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      {...(eager ? { fetchPriority: 'high' as const } : {})}
    />
  );
}
