import type {
  DrawSnapshot,
  DrawSourceSettings,
  FeedOverview,
  FeedTestResult,
} from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';
import { ADMIN, changesPart, readsPart } from './game-tags';

export interface FeedEntryInput {
  kind: string;
  url: string | null;
  remote: string | null;
}

const feedsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    gameFeeds: build.query<FeedOverview, number>({
      query: (gameId) => `${ADMIN}/games/${gameId}/sources`,
      providesTags: readsPart('source'),
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
      invalidatesTags: changesPart('source'),
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
      invalidatesTags: changesPart('source'),
    }),
  }),
});

export const {
  useGameFeedsQuery,
  useSaveFeedsMutation,
  useTestFeedMutation,
  useSettleDisputeMutation,
} = feedsApi;
