import type { LatestDraw } from '@kaijiang/domain';
import { takeInitialData } from '../config/initial-data';
import type { AppDispatch } from '../store/hooks';
import type { RootState } from '../store/root-reducer';
import { getLatestDraws } from './get-latest-draws';
import { latestRequested, latestSettled, selectLatestLoad, snapshotsReceived } from './live-slice';

interface StoreLike {
  dispatch: AppDispatch;
  getState: () => RootState;
}

let source: typeof getLatestDraws = getLatestDraws;

/** Tests answer GET /draws/latest themselves. */
export function setLatestSource(fn: typeof getLatestDraws = getLatestDraws): void {
  source = fn;
}

/**
 * The first picture of the games on screen comes from GET /draws/latest, so a screen works
 * before (and without) the socket. No `gameId` asks for every home game at once; `gameIds`
 * are the games that answer covers, asked for once per page.
 */
export async function loadLatest(
  store: StoreLike,
  gameIds: readonly number[],
  gameId?: number,
): Promise<void> {
  const { dispatch, getState } = store;
  const wanted = gameIds.filter((id) => {
    const load = selectLatestLoad(getState(), id);
    return load !== 'loading' && load !== 'done';
  });
  if (wanted.length === 0) return;
  dispatch(latestRequested(wanted));
  try {
    const draws = await source(gameId);
    dispatch(snapshotsReceived({ snapshots: draws, receivedAt: Date.now() }));
    dispatch(latestSettled({ gameIds: wanted, ok: true }));
  } catch (error) {
    console.warn('kaijiang: latest draws unavailable', error);
    dispatch(latestSettled({ gameIds: wanted, ok: false }));
  }
}

/**
 * The latest draws the page itself carries (index.html), straight into the store before the first
 * render, so a server-rendered draw card is rendered again identically instead of as a skeleton.
 */
export function seedLatestFromPage(store: StoreLike): void {
  const draws = takeInitialData<LatestDraw[]>('draws/latest');
  if (!Array.isArray(draws) || draws.length === 0) return;
  store.dispatch(snapshotsReceived({ snapshots: draws, receivedAt: Date.now() }));
  store.dispatch(latestSettled({ gameIds: draws.map((d) => d.gameId), ok: true }));
}
