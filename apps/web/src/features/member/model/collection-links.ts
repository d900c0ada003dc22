import type { CollectionItem } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';

/** Where a collected item lives on the site (refId shapes: see COLLECTION_REF_PATTERN). */
export function collectionHref(item: Pick<CollectionItem, 'kind' | 'refId'>): string {
  const [first = '', second = ''] = item.refId.split(':');
  switch (item.kind) {
    case 'news':
      return paths.newsDetail.href(first);
    case 'gallery':
      return paths.galleryDetail.href(first, second);
    case 'draw':
      return paths.game.href(first);
  }
}

export const KIND_LABEL: Record<CollectionItem['kind'], string> = {
  news: '资讯',
  gallery: '图库',
  draw: '开奖',
};
