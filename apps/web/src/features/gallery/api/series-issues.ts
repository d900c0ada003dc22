import { GALLERY_ISSUES_PAGE_SIZE, type SeriesIssuePage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';
import { pageByPage } from '@/shared/api/paged-list';

/** GET /gallery/series/:seriesId/issues: newest first, a page at a time (500 issues page on). */
export const seriesIssuesApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryIssues: build.infiniteQuery<SeriesIssuePage, number, number>({
      infiniteQueryOptions: pageByPage,
      keepUnusedDataFor: 0,
      query: ({ queryArg: seriesId, pageParam: page }) => ({
        url: `${API_PREFIX.v2}/gallery/series/${seriesId}/issues`,
        params: { page, pageSize: GALLERY_ISSUES_PAGE_SIZE },
      }),
    }),
  }),
});

export const { useGalleryIssuesInfiniteQuery } = seriesIssuesApi;
