import type { LatestDraw } from '@kaijiang/domain';
import { getPublic } from '../api/public-api';

/** GET /draws/latest: one game's current draw, or (no id) every home game's. */
export async function getLatestDraws(gameId?: number, signal?: AbortSignal): Promise<LatestDraw[]> {
  const data = await getPublic<LatestDraw | LatestDraw[]>('/draws/latest', { gameId }, { signal });
  return Array.isArray(data) ? data : [data];
}
