import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The web app's one query cache. Features add their calls from their own `api/` folder with
 * `api.injectEndpoints`; route loaders start them (`store.dispatch(endpoint.initiate(arg))`) and
 * screens read them with the generated hooks. The server renders a page with the same endpoints
 * and sends the answers in the page (answersOf); the browser starts from them (answersArrived).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // What a member changes: their profile, collections and messages (features/member, auth);
  // `Draws` of a game: a draw of it finished (shared/live/live-feed.ts).
  tagTypes: ['Member', 'Collection', 'Message', 'Draws'],
  // A minute after its last reader leaves, an entry goes (a live feed closes with it).
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** One answered query as a page carries it. */
export interface Answer {
  endpointName: string;
  /** Absent for a query without an argument (JSON has no undefined). */
  arg?: unknown;
  value: unknown;
}

/** The answered queries of a store's cache, for the page (JSON). */
export function answersOf(state: { api: ReturnType<typeof api.reducer> }): Answer[] {
  const out: Answer[] = [];
  for (const entry of Object.values(state.api.queries)) {
    if (entry?.status !== 'fulfilled') continue;
    const { endpointName, originalArgs: arg, data: value } = entry;
    out.push(arg === undefined ? { endpointName, value } : { endpointName, arg, value });
  }
  return out;
}

/** Answers of endpoints not injected yet: their screen's module has not loaded. */
let waiting: Answer[] = [];
/** The page's answers are held until the page is the app's (releasePageAnswers). */
let held: { unsubscribe(): void }[] = [];

/**
 * The page's answers into the cache, as if just fetched: no screen asks for them again, and the
 * entries' lifecycles start (a live feed opens its socket) as for a fetched answer. An answer of
 * an endpoint that is not there yet (a screen's chunk still loading) waits for the next call,
 * which the route makes once the chunk is in (app/router/screen.ts).
 */
export function answersArrived(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- actions and thunks alike
  dispatch: (action: any) => any,
  answers: readonly Answer[] = [],
): void {
  const all = [...waiting, ...answers];
  const known = all.filter((a) => a.endpointName in api.endpoints);
  waiting = all.filter((a) => !(a.endpointName in api.endpoints));
  if (!known.length) return;
  dispatch(api.util.upsertQueryEntries(known as Parameters<typeof api.util.upsertQueryEntries>[0]));
  type Starter = { initiate(arg: unknown): unknown };
  for (const a of known) {
    const endpoint = (api.endpoints as unknown as Record<string, Starter>)[a.endpointName]!;
    held.push(dispatch(endpoint.initiate(a.arg)) as { unsubscribe(): void });
  }
}

/**
 * The page's answers serve the first render: after it, each entry lives as long as a screen
 * reads it (a list left and come back to is asked for again, as any other).
 */
export function releasePageAnswers(): void {
  for (const h of held) h.unsubscribe();
  held = [];
}
