import type {
  DrawDetail,
  PrizeInput,
  PrizeRecord,
  CalendarChange,
  CalendarChangeInput,
  DrawSnapshot,
  DrawSource,
  DrawSourceSettings,
} from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';
import { ADMIN, changesPart, readsPart } from './game-tags';

export interface ImportReport {
  inserted: number;
  updated: number;
  skipped: number;
  problems: { line: number; message: string }[];
}

const gamesApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    gameSource: build.query<DrawSourceSettings, number>({
      query: (gameId) => `${ADMIN}/games/${gameId}/source`,
      providesTags: readsPart('source'),
    }),
    saveSource: build.mutation<
      DrawSourceSettings,
      { gameId: number; source: DrawSource; upstreamUrl?: string; upstreamGameId?: number }
    >({
      query: ({ gameId, ...body }) => ({
        url: `${ADMIN}/games/${gameId}/source`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: changesPart('source'),
    }),
    saveDrawTime: build.mutation<
      { drawTime: string; schedule: string },
      { gameId: number; drawTime: string }
    >({
      query: ({ gameId, drawTime }) => ({
        url: `${ADMIN}/games/${gameId}/draw-time`,
        method: 'PUT',
        body: { drawTime },
      }),
      invalidatesTags: ['Dashboard', 'Audit'],
    }),
    saveDrawDays: build.mutation<
      { drawDays: number[]; from: string | null; schedule: string },
      { gameId: number; drawDays: number[]; from: string }
    >({
      query: ({ gameId, ...body }) => ({
        url: `${ADMIN}/games/${gameId}/draw-days`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: changesPart('calendar'),
    }),
    saveStream: build.mutation<{ streamUrl: string }, { gameId: number; streamUrl: string }>({
      query: ({ gameId, streamUrl }) => ({
        url: `${ADMIN}/games/${gameId}/stream`,
        method: 'PUT',
        body: { streamUrl },
      }),
      invalidatesTags: ['Audit'],
    }),
    calendarChanges: build.query<CalendarChange[], number>({
      query: (gameId) => `${ADMIN}/games/${gameId}/calendar`,
      providesTags: readsPart('calendar'),
    }),
    setCalendarChange: build.mutation<
      CalendarChange,
      { gameId: number; date: string; change: CalendarChangeInput }
    >({
      query: ({ gameId, date, change }) => ({
        url: `${ADMIN}/games/${gameId}/calendar/${date}`,
        method: 'PUT',
        body: change,
      }),
      invalidatesTags: changesPart('calendar'),
    }),
    removeCalendarChange: build.mutation<unknown, { gameId: number; date: string }>({
      query: ({ gameId, date }) => ({
        url: `${ADMIN}/games/${gameId}/calendar/${date}`,
        method: 'DELETE',
      }),
      invalidatesTags: changesPart('calendar'),
    }),
    correctDraw: build.mutation<
      DrawSnapshot,
      { gameId: number; issue: string; numbers: string[]; reason: string }
    >({
      query: ({ gameId, issue, ...body }) => ({
        url: `${ADMIN}/draws/${gameId}/${issue}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { gameId }) => [{ type: 'Draw', id: gameId }, 'Audit'],
    }),
    drawDetail: build.query<DrawDetail, { gameId: number; issue: string }>({
      query: ({ gameId, issue }) => `/app-api/api/v2/draws/${gameId}/${encodeURIComponent(issue)}`,
      providesTags: (_r, _e, { gameId }) => [{ type: 'Draw', id: gameId }],
    }),
    savePrizes: build.mutation<PrizeRecord, { gameId: number; issue: string; record: PrizeInput }>({
      query: ({ gameId, issue, record }) => ({
        url: `${ADMIN}/draws/${gameId}/${encodeURIComponent(issue)}/prizes`,
        method: 'PUT',
        body: record,
      }),
      invalidatesTags: (_r, _e, { gameId }) => [{ type: 'Draw', id: gameId }, 'Audit'],
    }),
    importDraws: build.mutation<ImportReport, { gameId: number; csv: string; update: boolean }>({
      query: ({ gameId, ...body }) => ({
        url: `${ADMIN}/draws/${gameId}/import`,
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { gameId }) => [{ type: 'Draw', id: gameId }, 'Audit'],
    }),
  }),
});

export const {
  useGameSourceQuery,
  useSaveSourceMutation,
  useSaveStreamMutation,
  useSaveDrawTimeMutation,
  useSaveDrawDaysMutation,
  useCalendarChangesQuery,
  useSetCalendarChangeMutation,
  useRemoveCalendarChangeMutation,
  useCorrectDrawMutation,
  useImportDrawsMutation,
  useLazyDrawDetailQuery,
  useSavePrizesMutation,
} = gamesApi;
