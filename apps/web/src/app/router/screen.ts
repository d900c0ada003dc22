import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';

/** Starts the queries a screen reads: `store.dispatch(endpoint.initiate(arg))` for each. */
export type ScreenLoader = (dispatch: AppDispatch, args: LoaderFunctionArgs) => Promise<unknown>;

/** A screen's module under app/routes/: its component and, if it reads data, its loader. */
export interface ScreenModule {
  Component: NonNullable<RouteObject['Component']>;
  loader?: ScreenLoader;
}

/** Rendering on the server waits for the data; a browser shows the screen at once (skeletons). */
export const onServer = typeof window === 'undefined';

/**
 * A route's lazy part: the screen's chunk, and its loader bound to the page's store. The loader
 * is awaited on the server (the page carries the answers); in the browser the screen reads the
 * entries it started as they fill.
 */
export function screen(dispatch: AppDispatch, load: () => Promise<ScreenModule>) {
  return async (): Promise<Pick<RouteObject, 'Component' | 'loader'>> => {
    const m = await load();
    const loader = m.loader;
    if (!loader) return { Component: m.Component };
    return {
      Component: m.Component,
      loader: async (args: LoaderFunctionArgs) => {
        const pending = loader(dispatch, args);
        if (onServer) await pending;
        else pending.catch(() => undefined);
        return null;
      },
    };
  };
}
