import type { GalleryPage } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export const GALLERY_PAGE_SIZE = 12;

export function getGalleryPage(
  q: { gameId: number; page: number; pageSize?: number },
  signal?: AbortSignal,
): Promise<GalleryPage> {
  return getPublic<GalleryPage>(
    '/galleries',
    { gameId: q.gameId, page: q.page, pageSize: q.pageSize ?? GALLERY_PAGE_SIZE },
    { signal },
  );
}
