import type { DrawSnapshot, LatestDraw, UpcomingDraw } from '@kaijiang/domain';
import { api } from '../api/api';
import { API_PREFIX } from '../api/base-query';
import type { RootState } from '../store/root-reducer';
import { clockSampled, isNewer, liveReducer } from './live-slice';

/**
 * The latest draw of one game, or (no id) of every home game: GET /draws/latest first, then the
 * game socket's snapshots (docs/architecture.md §7) while a screen shows the entry. The socket code is a chunk of
 * its own loaded after the answer, so it never delays the first paint, and RTK keeps the entry
 * (and so the socket) a while after the last screen leaves: no reconnect on every tab switch.
 */
export const latestApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Kept as the server answers (one draw, or a list): the offline worker keeps it as such.
    latestDraws: build.query<LatestDraws, number | undefined>({
      query: (gameId) => ({ url: `${API_PREFIX.v2}/draws/latest`, params: { gameId } }),
      keepUnusedDataFor: 30,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        void liveReducer;
        const serverTimes = drawsOf(data).map((d) => d.serverTime);
        dispatch(clockSampled({ serverTimes, receivedAt: Date.now() }));
      },
      async onCacheEntryAdded(gameId, entry) {
        // The server renders a snapshot in time; only a page follows the draws.
        if (typeof window === 'undefined') return;
        const first = await entry.cacheDataLoaded.then(
          ({ data }) => drawsOf(data),
          () => null, // the entry went before it answered
        );
        if (!first) return;
        const { follow } = await import('./live-feed');
        const release = follow(
          gameId === undefined ? first.map((d) => d.gameId) : [gameId],
          entry,
          (s) => entry.updateCachedData((draws) => withSnapshot(draws, s)),
          first,
        );
        await entry.cacheEntryRemoved;
        release();
      },
    }),
  }),
});

/** One game's draw or every home game's, as GET /draws/latest answers. */
export type LatestDraws = DrawSnapshot | DrawSnapshot[] | null;

/**
 * `draws` with a socket snapshot in: a game's draw is replaced only by a newer one (isNewer), so
 * a game never moves back. A recipe for updateCachedData.
 */
export function withSnapshot(draws: LatestDraws, s: DrawSnapshot): LatestDraws | undefined {
  if (!Array.isArray(draws)) return isNewer(draws ?? undefined, s) ? keepUpcoming(draws, s) : draws;
  const at = draws.findIndex((d) => d.gameId === s.gameId);
  if (at === -1) draws.push(s);
  else if (isNewer(draws[at], s)) draws[at] = s;
  return undefined;
}

/**
 * A frame carries no announcement of the next draw (the official estimate and sale close): the
 * one the answer had stays until that draw is out.
 */
function keepUpcoming(was: DrawSnapshot | null, s: DrawSnapshot): DrawSnapshot {
  const u = (was as LatestDraw | null)?.upcoming;
  if (!u || u.issue < s.issue || (u.issue === s.issue && s.status === 'done')) return s;
  return { ...s, upcoming: u } as LatestDraw;
}

/** The next draw's official estimate and sale close, when the answer for a game carried one. */
export function selectUpcoming(state: RootState, gameId: number): UpcomingDraw | undefined {
  const draw = selectLiveDraw(state, gameId) as LatestDraw | undefined;
  return draw?.upcoming;
}

export const drawsOf = (data: LatestDraws | undefined): DrawSnapshot[] =>
  Array.isArray(data) ? data : data ? [data] : [];

const latestEntries = (state: RootState) =>
  latestApi.util
    .selectCachedArgsForQuery(state, 'latestDraws')
    .map((arg) => latestApi.endpoints.latestDraws.select(arg)(state));

/** The newest snapshot of a game in any latest-draws entry. */
export function selectLiveDraw(state: RootState, gameId: number): DrawSnapshot | undefined {
  let best: DrawSnapshot | undefined;
  for (const entry of latestEntries(state)) {
    const draw = drawsOf(entry.data).find((d) => d.gameId === gameId);
    if (draw && isNewer(best, draw)) best = draw;
  }
  return best;
}

/** Whether a game's latest draw has answered: screens tell "loading" from "none". */
export function selectLatestLoad(
  state: RootState,
  gameId: number,
): 'loading' | 'done' | 'failed' | undefined {
  let load: 'loading' | 'failed' | undefined;
  for (const entry of latestEntries(state)) {
    if (drawsOf(entry.data).some((d) => d.gameId === gameId)) return 'done';
    if (entry.isLoading) load = 'loading';
    else if (entry.isError && load === undefined) load = 'failed';
    else if (entry.isSuccess && (entry.originalArgs === gameId || entry.originalArgs === undefined))
      return 'done';
  }
  return load;
}

export const { useLatestDrawsQuery } = latestApi;
