import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '@/shared/config/paths';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { selectSignedIn } from '@/shared/store/session-slice';

/** Starts the member's queries a screen reads (never awaited: the screen shows skeletons). */
export type MemberLoader = (dispatch: AppDispatch, args: LoaderFunctionArgs) => Promise<unknown>;

/** A member screen's module under app/routes/: `loadMember` is its loader for a signed-in member. */
export interface MemberScreenModule {
  loadMember?: MemberLoader;
}

interface LoaderStore {
  dispatch: AppDispatch;
}

// Through dispatch: what a loader is given of the store is its dispatch.
const isSignedIn = (store: LoaderStore) =>
  store.dispatch((_d, getState: () => RootState) => selectSignedIn(getState()));

/**
 * The loader of a screen that differs per member (not rendered on the server): for a signed-in
 * member it starts the queries the screen's module names. The module is the one the route's
 * `lazy` loads (the same chunk, fetched once); a route with a loader of its own takes none from
 * `lazy`, hence `loadMember` instead of the screens' `loader`.
 */
export function forMember(store: LoaderStore, load: () => Promise<MemberScreenModule>) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    if (!isSignedIn(store)) return null;
    const m = await load();
    m.loadMember?.(store.dispatch, args).catch(() => undefined);
    return null;
  };
}

/**
 * Spec §6: member screens need a signed-in member (the store's session, read from storage once
 * when the page's store was made); otherwise sign in and come back.
 */
export function requireSignIn(store: LoaderStore, load: () => Promise<MemberScreenModule>) {
  const start = forMember(store, load);
  return (args: LoaderFunctionArgs): Promise<null> => {
    if (isSignedIn(store)) return start(args);
    const url = new URL(args.request.url);
    throw redirect(paths.login.href(`${url.pathname}${url.search}`));
  };
}
