import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { answersArrived } from '@/shared/api/api';
import { startup } from '../store/startup';

/** What loaders see of the page's store. */
export interface LoaderStore {
  dispatch: AppDispatch;
  getState: () => RootState;
}

/**
 * Starts the queries a screen reads: `store.dispatch(endpoint.initiate(arg, { subscribe: false }))`
 * for each (the screen's hooks hold the entries), from the same address the screen reads.
 */
export type ScreenLoader = (store: LoaderStore, args: LoaderFunctionArgs) => Promise<unknown>;

/** A screen's module under app/routes/: its component and, if it reads data, its loader. */
export interface ScreenModule {
  Component: NonNullable<RouteObject['Component']>;
  loader?: ScreenLoader;
}

/**
 * A route's lazy part: the screen's chunk, and on the server its loader bound to the page's
 * store, awaited: the page carries the answers. In the browser the chunk loads just before the
 * screen renders, whose hooks start the same queries at once: a loader would gain nothing there.
 */
export function screen(store: LoaderStore, load: () => Promise<ScreenModule>, onServer: boolean) {
  return async (): Promise<Pick<RouteObject, 'Component' | 'loader'>> => {
    const m = await load();
    // Its endpoints are in now: the page's answers for them go into the cache before it asks.
    answersArrived(store.dispatch);
    const loader = m.loader;
    if (!loader || !onServer) return { Component: m.Component };
    return {
      Component: m.Component,
      loader: async (args: LoaderFunctionArgs) => {
        // After the start-up data (the root's loader runs beside this one): a screen's choice
        // may depend on it (the home games). Asking again is free: those entries are shared.
        await startup(store.dispatch);
        await loader(store, args);
        return null;
      },
    };
  };
}
