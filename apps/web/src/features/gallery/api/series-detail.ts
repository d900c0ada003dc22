import type { SeriesDetail } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

/** GET /gallery/series/:seriesId: the series' card and the years it has issues in. */
export const seriesDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    gallerySeriesDetail: build.query<SeriesDetail, number>({
      query: (seriesId) => `${API_PREFIX.v2}/gallery/series/${seriesId}`,
    }),
  }),
});

export const { useGallerySeriesDetailQuery } = seriesDetailApi;
