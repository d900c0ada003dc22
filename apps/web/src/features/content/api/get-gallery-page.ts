import { GALLERY_PAGE_SIZE, type GalleryPage } from '@kaijiang/domain';
import { getPublic, inlinedPublic, type Inlined } from '@/shared/api/public-api';

export { GALLERY_PAGE_SIZE };

type GalleryQuery = { gameId: number; page: number; pageSize?: number };

const query = (q: GalleryQuery) => ({
  gameId: q.gameId,
  page: q.page,
  pageSize: q.pageSize ?? GALLERY_PAGE_SIZE,
});

export function getGalleryPage(q: GalleryQuery, signal?: AbortSignal): Promise<GalleryPage> {
  return getPublic<GalleryPage>('/galleries', query(q), { signal });
}

/** Page 1 of a game's pictures as the server-rendered page carries it, if it does. */
export function inlinedGalleryPage(gameId: number | undefined): Inlined<GalleryPage> | undefined {
  return gameId === undefined
    ? undefined
    : inlinedPublic<GalleryPage>('/galleries', query({ gameId, page: 1 }));
}
