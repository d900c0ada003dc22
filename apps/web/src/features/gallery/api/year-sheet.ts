import type { SeriesIssuePage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

export interface YearSheetArg {
  seriesId: number;
  year: number;
}

/** GET /gallery/series/:seriesId/issues?year=: every issue of the year (GALLERY_YEAR_SHEET_MAX). */
export const yearSheetApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryYear: build.query<SeriesIssuePage, YearSheetArg>({
      query: ({ seriesId, year }) => ({
        url: `${API_PREFIX.v2}/gallery/series/${seriesId}/issues`,
        params: { year },
      }),
    }),
  }),
});

export const { useGalleryYearQuery } = yearSheetApi;
