import type { APIRequestContext } from '@playwright/test';
import type {
  DrawHistoryPage,
  DrawSnapshot,
  DrawSource,
  DrawStats,
  CalendarChangeInput,
  DrawCalendar,
  LatestDraw,
  PrizeInput,
  PrizeRecord,
} from '@kaijiang/domain';

/** The token playwright.config.ts gives the server. */
export const ADMIN_TOKEN =
  process.env.E2E_ADMIN_TOKEN ?? '4JrPVCscUHkSlavH5UHg06mfSlGmx4VR-gOKavKg';
const V2 = '/app-api/api/v2/draws';

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: string; msg: string; data: T };
  if (!response.ok() || body.code !== 'OK') {
    throw new Error(`${response.url()}: HTTP ${response.status()} ${body.code} ${body.msg}`);
  }
  return body.data;
}

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

/** The public draw API and the operator calls, as the tests use them. */
export const drawApi = {
  latestAll: async (r: APIRequestContext) => data<LatestDraw[]>(await r.get(`${V2}/latest`)),
  latest: async (r: APIRequestContext, gameId: number) =>
    data<LatestDraw>(await r.get(`${V2}/latest`, { params: { gameId } })),
  history: async (
    r: APIRequestContext,
    q: { gameId: number; year?: number; page?: number; pageSize?: number },
  ) => {
    const params: Record<string, number> = {
      gameId: q.gameId,
      page: q.page ?? 1,
      pageSize: q.pageSize ?? 20,
    };
    if (q.year !== undefined) params.year = q.year;
    return data<DrawHistoryPage>(await r.get(`${V2}/history`, { params }));
  },
  stats: async (r: APIRequestContext, gameId: number) =>
    data<DrawStats>(await r.get(`${V2}/stats`, { params: { gameId, window: 100, scope: 'all' } })),
  setSource: async (r: APIRequestContext, gameId: number, source: DrawSource) =>
    data<unknown>(
      await r.put(`/app-api/admin/games/${gameId}/source`, { headers: admin, data: { source } }),
    ),
  /** Enters a finished Hong Kong draw's prize record (what an operator types in). */
  enterPrizes: async (r: APIRequestContext, gameId: number, issue: string, record: PrizeInput) =>
    data<PrizeRecord>(
      await r.put(`/app-api/admin/draws/${gameId}/${issue}/prizes`, {
        headers: admin,
        data: record,
      }),
    ),
  calendar: async (r: APIRequestContext, gameId: number, month: string) =>
    data<DrawCalendar>(await r.get(`${V2}/calendar`, { params: { gameId, month } })),
  setCalendarChange: async (
    r: APIRequestContext,
    gameId: number,
    date: string,
    change: CalendarChangeInput,
  ) =>
    data<unknown>(
      await r.put(`/app-api/admin/games/${gameId}/calendar/${date}`, {
        headers: admin,
        data: change,
      }),
    ),
  removeCalendarChange: async (r: APIRequestContext, gameId: number, date: string) =>
    data<unknown>(
      await r.delete(`/app-api/admin/games/${gameId}/calendar/${date}`, { headers: admin }),
    ),
  /** Enters the next ball of a manual game; the server answers with the new snapshot. */
  enterBall: async (r: APIRequestContext, gameId: number, number: string) =>
    data<DrawSnapshot>(
      await r.post(`/app-api/admin/draws/${gameId}/balls`, { headers: admin, data: { number } }),
    ),
};

/** Seven distinct numbers, none of them already in `taken`. */
export function freshNumbers(taken: readonly string[], count = 7): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count && n <= 49; n += 1) {
    // Spread over the range so colours and zodiacs vary.
    const ball = String(((n * 17) % 49) + 1).padStart(2, '0');
    if (!taken.includes(ball) && !out.includes(ball)) out.push(ball);
  }
  return out;
}
