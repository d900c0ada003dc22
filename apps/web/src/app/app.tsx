import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { RouteObject, To } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '@/shared/config/paths';
import { ERROR_TEXT } from '@/shared/api/api-error';
import { onSessionEnded } from '@/shared/api/session-events';
import { TransitionPolicyContext } from '@/shared/ui/app-link';
import { showErrorToast } from '@/shared/ui/toast';
import type { AppRouter } from './router/router';
import { shouldAnimate } from './router/transitions';
import type { AppStore } from './store/store';

/** The store and the link transition policy: the same around the browser's and the server's router. */
export function AppProviders({
  store,
  routes,
  children,
}: {
  store: AppStore;
  routes: RouteObject[];
  children: ReactNode;
}) {
  const policy = useMemo(() => (to: To) => shouldAnimate(routes, to), [routes]);
  return (
    <Provider store={store}>
      <TransitionPolicyContext.Provider value={policy}>{children}</TransitionPolicyContext.Provider>
    </Provider>
  );
}

/** The web app in the browser; `router` was made for `store` (createAppRouter). */
export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  // Spec §8: a 401 shows the server's words, the session is gone (the HTTP layer told the
  // store already), sign in again.
  useEffect(
    () =>
      onSessionEnded(({ message }) => {
        if (message) void showErrorToast(message);
        const { pathname, search } = router.state.location;
        if (pathname !== paths.login.path) {
          // The sign-in screen says why the visitor is there (a toast alone is easily missed).
          void router.navigate(paths.login.href(`${pathname}${search}`), {
            replace: true,
            state: { notice: message ?? ERROR_TEXT.unauthorized },
          });
        }
      }),
    [router],
  );

  return (
    <AppProviders store={store} routes={router.routes}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
