import type { BallScope, DrawStats } from '@kaijiang/domain';
import { getPublic } from '@/shared/api/public-api';

export interface StatsQuery {
  gameId: number;
  window: number;
  scope: BallScope;
}

/** GET /draws/stats: frequency, 遗漏, hot and cold, distributions over the last `window` draws. */
export function getDrawStats(q: StatsQuery, signal?: AbortSignal): Promise<DrawStats> {
  return getPublic<DrawStats>('/draws/stats', { ...q }, { signal });
}
