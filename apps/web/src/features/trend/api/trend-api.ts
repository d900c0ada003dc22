import type { DrawTrend, TrendKind } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';
import { blankOff } from '../model/blank-off';

export interface TrendQuery {
  gameId: number;
  kind: TrendKind;
  /** Rows, or `all`: the whole history. */
  limit: number | 'all';
}

/** A game's trend chart (docs/architecture.md §11); asked again when one of its draws finishes (live feed). */
export const trendApi = api.injectEndpoints({
  endpoints: (build) => ({
    drawTrend: build.query<DrawTrend, TrendQuery>({
      query: (q) => ({ url: `${API_PREFIX.v2}/draws/trend`, params: { ...q } }),
      providesTags: (_r, _e, q) => [{ type: 'Draws', id: q.gameId }],
      // A chart is replaced whole: comparing 500 × 49 cells with the last one only costs a
      // phone time on every switch.
      structuralSharing: false,
      // Frozen at the top, the store's Immer takes it as it is: it would otherwise walk and
      // freeze each of the 500 × 49 cells on the way in (a tenth of a switch on a slow phone).
      transformResponse: (chart: DrawTrend) => Object.freeze(blankOff(chart)),
    }),
  }),
});

export const { useDrawTrendQuery } = trendApi;
