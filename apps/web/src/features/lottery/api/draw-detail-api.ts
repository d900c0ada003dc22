import type { DrawDetail } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

export interface DrawRef {
  gameId: number;
  issue: string;
}

/** One draw with its attributes and, for the Hong Kong game, its prize record. */
export const drawDetailApi = api.injectEndpoints({
  endpoints: (build) => ({
    drawDetail: build.query<DrawDetail, DrawRef>({
      query: ({ gameId, issue }) => ({
        url: `${API_PREFIX.v2}/draws/${gameId}/${encodeURIComponent(issue)}`,
      }),
      // Dividends come in after the draw: asked again when the game's next draw finishes.
      providesTags: (_r, _e, q) => [{ type: 'Draws', id: q.gameId }],
    }),
  }),
});

export const { useDrawDetailQuery } = drawDetailApi;
