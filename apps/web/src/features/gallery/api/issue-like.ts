import type { GalleryLike } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { deviceCall } from './device-call';
import { issuePath, seriesIssueApi, type IssueArg } from './series-issue';

/** PUT (like) or DELETE (take back) /gallery/series/:seriesId/issues/:issue/like. */
export const issueLikeApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryLike: build.mutation<GalleryLike, IssueArg & { on: boolean }>({
      queryFn: ({ on, ...arg }, queryApi) =>
        deviceCall<GalleryLike>(
          { url: `${issuePath(arg)}/like`, method: on ? 'PUT' : 'DELETE' },
          queryApi,
        ),
      // The server's count, not a guess: two taps on two tabs still show one like.
      async onQueryStarted({ on: _on, ...arg }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(
          seriesIssueApi.util.updateQueryData('galleryIssue', arg, (draft) => {
            draft.likes = data.likes;
            draft.liked = data.liked;
          }),
        );
      },
    }),
  }),
});

export const { useGalleryLikeMutation } = issueLikeApi;
