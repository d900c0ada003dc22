import type { DrawCalendar } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';

export interface CalendarRef {
  gameId: number;
  /** YYYY-MM */
  month: string;
}

/** A month of a game's draw calendar, exceptions included. */
export const calendarApi = api.injectEndpoints({
  endpoints: (build) => ({
    drawCalendar: build.query<DrawCalendar, CalendarRef>({
      query: ({ gameId, month }) => ({
        url: `${API_PREFIX.v2}/draws/calendar`,
        params: { gameId, month },
      }),
      // `next` moves on when a draw finishes.
      providesTags: (_r, _e, q) => [{ type: 'Draws', id: q.gameId }],
    }),
  }),
});

export const { useDrawCalendarQuery } = calendarApi;
