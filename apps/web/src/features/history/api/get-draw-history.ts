import type { DrawHistoryPage } from '@kaijiang/domain';
import { getPublic, inlinedPublic, type Inlined } from '@/shared/api/public-api';

export interface HistoryQuery {
  gameId: number;
  year?: number;
  page: number;
  pageSize: number;
}

/** GET /draws/history: finished draws newest first, with the years that have any. */
export function getDrawHistory(q: HistoryQuery, signal?: AbortSignal): Promise<DrawHistoryPage> {
  return getPublic<DrawHistoryPage>('/draws/history', { ...q }, { signal });
}

/** The answer to `q` as the server-rendered page carries it, if it does. */
export function inlinedDrawHistory(q: HistoryQuery): Inlined<DrawHistoryPage> | undefined {
  return inlinedPublic<DrawHistoryPage>('/draws/history', { ...q });
}
