import { GALLERY_SERIES_PAGE_SIZE, type SeriesPage } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';
import { pageByPage } from '@/shared/api/paged-list';

export interface SeriesListArg {
  gameId: number;
  /** A name or pinyin initials, trimmed; '' for every series. */
  q: string;
}

/** GET /gallery/series: a game's series, most viewed first, page by page. */
export const seriesListApi = api.injectEndpoints({
  endpoints: (build) => ({
    gallerySeries: build.infiniteQuery<SeriesPage, SeriesListArg, number>({
      infiniteQueryOptions: pageByPage,
      // One entry per search typed: gone as soon as no screen shows it (bounded by what is shown).
      keepUnusedDataFor: 0,
      query: ({ queryArg: { gameId, q }, pageParam: page }) => ({
        url: `${API_PREFIX.v2}/gallery/series`,
        params: { gameId, q: q || undefined, page, pageSize: GALLERY_SERIES_PAGE_SIZE },
      }),
    }),
  }),
});

export const { useGallerySeriesInfiniteQuery } = seriesListApi;
