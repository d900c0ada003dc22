import type { APIRequestContext } from '@playwright/test';
import type {
  Faq,
  SeriesDetail,
  SeriesIssue,
  SeriesIssuePage,
  SeriesPage,
  NewsDetail,
  NewsPage,
  TeamCondition,
} from '@kaijiang/domain';
import { ADMIN_TOKEN } from './draws.ts';

const V2 = '/app-api/api/v2';
const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { code: string; msg: string; data: T };
  if (!response.ok() || body.code !== 'OK') {
    throw new Error(`${response.url()}: HTTP ${response.status()} ${body.code} ${body.msg}`);
  }
  return body.data;
}

/** The public content API and its operator calls, as the tests use them. */
export const contentApi = {
  news: async (r: APIRequestContext, params: Record<string, string | number> = {}) =>
    data<NewsPage>(await r.get(`${V2}/news`, { params })),
  /** The picture library (packages/domain/src/wire/gallery-series.ts). */
  series: async (r: APIRequestContext, params: Record<string, string | number>) =>
    data<SeriesPage>(await r.get(`${V2}/gallery/series`, { params })),
  seriesDetail: async (r: APIRequestContext, id: number) =>
    data<SeriesDetail>(await r.get(`${V2}/gallery/series/${id}`)),
  seriesIssues: async (r: APIRequestContext, id: number, params: Record<string, string | number>) =>
    data<SeriesIssuePage>(await r.get(`${V2}/gallery/series/${id}/issues`, { params })),
  seriesIssue: async (r: APIRequestContext, id: number, issue: string) =>
    data<SeriesIssue>(await r.get(`${V2}/gallery/series/${id}/issues/${issue}`)),
  faqs: async (r: APIRequestContext) => data<Faq[]>(await r.get(`${V2}/faqs`)),
  team: async (r: APIRequestContext) => data<TeamCondition[]>(await r.get(`${V2}/team-conditions`)),
  createNews: async (r: APIRequestContext, news: Record<string, unknown>) =>
    data<NewsDetail>(await r.post('/app-api/admin/news', { headers: admin, data: news })),
  collections: async (r: APIRequestContext, token: string) =>
    data<{ items: { kind: string; refId: string; title: string }[] }>(
      await r.get(`${V2}/collections`, { headers: { authorization: token, token } }),
    ),
};

/**
 * An image path that answers 200 with something that is not an image: the picture fails in the
 * browser without a 404 (which Chromium would log as a console error).
 */
export const BROKEN_IMAGE = 'data/json/games.json';
