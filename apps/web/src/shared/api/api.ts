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
  // What a member changes: their profile, collections and messages (features/member, auth).
  tagTypes: ['Member', 'Collection', 'Message'],
  // A minute after its last reader leaves, an entry goes (a live feed closes with it).
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});

/** One answered query as a page carries it. */
export interface Answer {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

/** The answered queries of a store's cache, for the page (JSON). */
export function answersOf(state: { api: ReturnType<typeof api.reducer> }): Answer[] {
  const out: Answer[] = [];
  for (const entry of Object.values(state.api.queries)) {
    if (entry?.status !== 'fulfilled') continue;
    out.push({
      endpointName: entry.endpointName,
      arg: entry.originalArgs ?? null,
      value: entry.data,
    });
  }
  return out;
}

/**
 * The page's answers into the cache, as if just fetched: no screen asks for them again, and the
 * entries' lifecycles start (a live feed opens its socket) as for a fetched answer.
 */
export function answersArrived(answers: readonly Answer[]) {
  return api.util.upsertQueryEntries(
    answers.map((a) => ({ ...a, arg: a.arg ?? undefined })) as Parameters<
      typeof api.util.upsertQueryEntries
    >[0],
  );
}
