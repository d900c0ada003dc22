import type {
  DrawSnapshot,
  DrawSourceSettings,
  FeedOverview,
  FeedTestResult,
} from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

const ADMIN = '/app-api/admin';

export interface FeedEntryInput {
  kind: string;
  url: string | null;
  remote: string | null;
}

const feedsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    gameFeeds: build.query<FeedOverview, number>({
      query: (gameId) => `${ADMIN}/games/${gameId}/sources`,
      providesTags: (_r, _e, id) => [{ type: 'Draw', id: `source-${id}` }],
    }),
    saveFeeds: build.mutation<
      { settings: DrawSourceSettings; removed: number },
      { gameId: number; sources: FeedEntryInput[]; graceS: number; lateS: number }
    >({
      query: ({ gameId, ...body }) => ({
        url: `${ADMIN}/games/${gameId}/sources`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { gameId }) => [
        { type: 'Draw', id: `source-${gameId}` },
        'Dashboard',
        'Audit',
      ],
    }),
    testFeed: build.mutation<FeedTestResult, { gameId: number } & FeedEntryInput>({
      query: ({ gameId, ...body }) => ({
        url: `${ADMIN}/games/${gameId}/sources/test`,
        method: 'POST',
        body,
      }),
    }),
    settleDispute: build.mutation<
      DrawSnapshot,
      { gameId: number; issue: string; numbers: string[] }
    >({
      query: ({ gameId, issue, numbers }) => ({
        url: `${ADMIN}/draws/${gameId}/${encodeURIComponent(issue)}/settle`,
        method: 'POST',
        body: { numbers },
      }),
      invalidatesTags: (_r, _e, { gameId }) => [
        { type: 'Draw', id: `source-${gameId}` },
        'Dashboard',
        'Audit',
      ],
    }),
  }),
});

export const {
  useGameFeedsQuery,
  useSaveFeedsMutation,
  useTestFeedMutation,
  useSettleDisputeMutation,
} = feedsApi;
