import type { GalleryFavourites } from '@kaijiang/domain';
import { api } from '@/shared/api/api';

/** GET /app-api/api/user/gallery-favourites: a member's favourite series. */
export const memberFavouritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryFavourites: build.query<GalleryFavourites, void>({
      query: () => ({ url: '/api/user/gallery-favourites', member: true }),
    }),
  }),
});

export const { useGalleryFavouritesQuery } = memberFavouritesApi;
