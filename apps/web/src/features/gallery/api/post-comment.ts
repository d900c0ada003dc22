import type { GalleryComment } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { issuePath, type IssueArg } from './series-issue';

/** POST …/issues/:issue/comments { text }: members only, the chat's word rules and limits. */
export const postCommentApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryComment: build.mutation<GalleryComment, IssueArg & { text: string }>({
      query: ({ text, ...arg }) => ({
        url: `${issuePath(arg)}/comments`,
        method: 'POST',
        member: true,
        body: { text },
      }),
    }),
  }),
});

export const { useGalleryCommentMutation } = postCommentApi;
