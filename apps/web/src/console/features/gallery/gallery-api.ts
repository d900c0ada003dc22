// The picture library's operator calls (packages/domain/src/wire/gallery-series.ts holds the
// contract). The upload's preview goes through upload-preview-call.ts for its progress.
import type {
  AdminGalleryCommentPage,
  AdminSeries,
  AdminSeriesPage,
  SeriesInput,
  SeriesIssuePage,
  UploadResult,
} from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

export const GALLERY_ADMIN = '/app-api/admin/gallery';
/** Series a page of the table: a game has a few dozen, so the table sorts them all at once. */
export const SERIES_PAGE = 100;

const galleryApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    adminSeries: build.query<AdminSeriesPage, { gameId: number; page: number }>({
      query: ({ gameId, page }) =>
        `${GALLERY_ADMIN}/series?gameId=${gameId}&page=${page}&pageSize=${SERIES_PAGE}`,
      providesTags: ['Gallery'],
    }),
    createSeries: build.mutation<AdminSeries, SeriesInput>({
      query: (body) => ({ url: `${GALLERY_ADMIN}/series`, method: 'POST', body }),
      invalidatesTags: ['Gallery', 'Audit'],
    }),
    updateSeries: build.mutation<AdminSeries, { id: number; patch: Partial<SeriesInput> }>({
      query: ({ id, patch }) => ({
        url: `${GALLERY_ADMIN}/series/${id}`,
        method: 'PUT',
        body: patch,
      }),
      invalidatesTags: ['Gallery', 'Audit'],
    }),
    deleteSeries: build.mutation<unknown, number>({
      query: (id) => ({ url: `${GALLERY_ADMIN}/series/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Gallery', 'GalleryComments', 'Audit'],
    }),
    seriesIssues: build.query<SeriesIssuePage, { id: number; page: number }>({
      query: ({ id, page }) => `${GALLERY_ADMIN}/series/${id}/issues?page=${page}`,
      providesTags: ['Gallery'],
    }),
    deleteSeriesIssue: build.mutation<unknown, { id: number; issue: string }>({
      query: ({ id, issue }) => ({
        url: `${GALLERY_ADMIN}/series/${id}/issues/${encodeURIComponent(issue)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Gallery', 'GalleryComments', 'Audit'],
    }),
    commitUpload: build.mutation<UploadResult, { id: number; token: string }>({
      query: ({ id, token }) => ({
        url: `${GALLERY_ADMIN}/series/${id}/uploads/${encodeURIComponent(token)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Gallery', 'Audit'],
    }),
    galleryComments: build.query<AdminGalleryCommentPage, number | null>({
      query: (before) => `${GALLERY_ADMIN}/comments${before === null ? '' : `?before=${before}`}`,
      providesTags: ['GalleryComments'],
    }),
    setCommentHidden: build.mutation<unknown, { id: number; hidden: boolean }>({
      query: ({ id, hidden }) => ({
        url: `${GALLERY_ADMIN}/comments/${id}`,
        method: 'PUT',
        body: { hidden },
      }),
      invalidatesTags: ['GalleryComments', 'Gallery', 'Audit'],
    }),
  }),
});

export const {
  useAdminSeriesQuery,
  useCreateSeriesMutation,
  useUpdateSeriesMutation,
  useDeleteSeriesMutation,
  useSeriesIssuesQuery,
  useDeleteSeriesIssueMutation,
  useCommitUploadMutation,
  useGalleryCommentsQuery,
  useSetCommentHiddenMutation,
} = galleryApi;

/** A picture's path as the page shows it (relative paths live under /sys-upload). */
export const pictureSrc = (p: string): string =>
  /^(https?:)?\/\//.test(p) || p.startsWith('/') ? p : `/sys-upload/${p}`;
