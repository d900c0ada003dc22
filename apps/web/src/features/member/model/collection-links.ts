import type { CollectionItem } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import type { MemberWords } from './words';

/** Where a collected item lives on the site (refId shapes: see COLLECTION_REF_PATTERN). */
export function collectionHref(item: Pick<CollectionItem, 'kind' | 'refId'>): string {
  const [first = ''] = item.refId.split(':');
  switch (item.kind) {
    case 'news':
      return paths.newsDetail.href(first);
    case 'gallery':
      // The old one-series gallery's pictures are gone (issue 45): its favourites are series now.
      return paths.gallery.href('fav');
    case 'draw':
      return paths.game.href(first);
  }
}

/** The words key naming each kind, for the list's tags and the filter chips. */
export const KIND_LABEL: Record<CollectionItem['kind'], keyof MemberWords> = {
  news: 'kindNews',
  gallery: 'kindGallery',
  draw: 'kindDraw',
};
