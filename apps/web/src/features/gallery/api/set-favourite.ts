import type { SeriesCard } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { memberFavouritesApi } from './member-favourites';

/** PUT (add) or DELETE (remove) /app-api/api/user/gallery-favourites/:seriesId. */
export const setFavouriteApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryFavourite: build.mutation<unknown, { series: SeriesCard; on: boolean }>({
      query: ({ series, on }) => ({
        url: `/api/user/gallery-favourites/${series.id}`,
        method: on ? 'PUT' : 'DELETE',
        member: true,
      }),
      // The star turns at once; a refusal puts it back.
      async onQueryStarted({ series, on }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          memberFavouritesApi.util.updateQueryData('galleryFavourites', undefined, (draft) => {
            draft.series = draft.series.filter((s) => s.id !== series.id);
            if (on) draft.series.unshift(series);
          }),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
    }),
  }),
});

export const { useGalleryFavouriteMutation } = setFavouriteApi;
