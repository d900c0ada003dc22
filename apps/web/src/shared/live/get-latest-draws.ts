import type { LatestDraw } from '@kaijiang/domain';
import { getPublic } from '../api/public-api';
import { takeInitialData } from '../config/initial-data';

/** GET /draws/latest: one game's current draw, or (no id) every home game's. */
export async function getLatestDraws(gameId?: number, signal?: AbortSignal): Promise<LatestDraw[]> {
  // index.html may carry every home game's latest draw (read once, at start-up).
  const inlined = takeInitialData<LatestDraw[]>('draws/latest');
  if (Array.isArray(inlined)) {
    const draws = gameId === undefined ? inlined : inlined.filter((d) => d.gameId === gameId);
    if (draws.length > 0) return draws;
  }
  const data = await getPublic<LatestDraw | LatestDraw[]>('/draws/latest', { gameId }, { signal });
  return Array.isArray(data) ? data : [data];
}
