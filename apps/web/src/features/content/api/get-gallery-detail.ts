import type { GalleryDetail } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export function getGalleryDetail(
  gameId: string,
  id: string,
  signal?: AbortSignal,
): Promise<GalleryDetail> {
  return getPublic<GalleryDetail>(
    `/galleries/${encodeURIComponent(gameId)}/${encodeURIComponent(id)}`,
    {},
    { signal },
  );
}
