import type { DrawHistoryPage } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

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
