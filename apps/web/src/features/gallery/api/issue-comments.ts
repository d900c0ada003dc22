import type { GalleryCommentPage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { issuePath, type IssueArg } from './series-issue';

/** GET …/issues/:issue/comments?before=: newest first, 20 a page; 0 stands for "the newest". */
export const issueCommentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryComments: build.infiniteQuery<GalleryCommentPage, IssueArg, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (last) => last.nextBefore ?? undefined,
      },
      keepUnusedDataFor: 0,
      query: ({ queryArg, pageParam: before }) => ({
        url: `${issuePath(queryArg)}/comments`,
        params: { before: before || undefined },
      }),
    }),
  }),
});

export const { useGalleryCommentsInfiniteQuery } = issueCommentsApi;
