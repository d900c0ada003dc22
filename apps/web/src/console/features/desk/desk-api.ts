import type { DrawSnapshot, DrawSource, DrawSourceSettings, LatestDraw } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

const deskApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    latestDraw: build.query<LatestDraw, number>({
      query: (gameId) => `/app-api/api/v2/draws/latest?gameId=${gameId}`,
      providesTags: (_r, _e, gameId) => [{ type: 'Draw', id: gameId }],
    }),
    drawSource: build.query<DrawSourceSettings, number>({
      query: (gameId) => `/app-api/admin/games/${gameId}/source`,
      providesTags: (_r, _e, gameId) => [{ type: 'Draw', id: `source-${gameId}` }],
    }),
    setDrawSource: build.mutation<DrawSourceSettings, { gameId: number; source: DrawSource }>({
      query: ({ gameId, source }) => ({
        url: `/app-api/admin/games/${gameId}/source`,
        method: 'PUT',
        body: { source },
      }),
      invalidatesTags: (_r, _e, { gameId }) => [
        { type: 'Draw', id: `source-${gameId}` },
        'Dashboard',
      ],
    }),
    enterBall: build.mutation<DrawSnapshot, { gameId: number; number: string; issue?: string }>({
      query: ({ gameId, number, issue }) => ({
        url: `/app-api/admin/draws/${gameId}/balls`,
        method: 'POST',
        body: { number, ...(issue && { issue }) },
      }),
      invalidatesTags: (_r, _e, { gameId }) => [{ type: 'Draw', id: gameId }, 'Dashboard', 'Audit'],
    }),
  }),
});

export const {
  useLatestDrawQuery,
  useDrawSourceQuery,
  useSetDrawSourceMutation,
  useEnterBallMutation,
} = deskApi;
