import { useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import type { To } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { paths } from '@/shared/config/paths';
import { ERROR_TEXT } from '@/shared/api/api-error';
import { onSessionEnded } from '@/shared/api/session-events';
import { sessionEnded } from '@/shared/store/session-actions';
import { TransitionPolicyContext } from '@/shared/ui/app-link';
import { showErrorToast } from '@/shared/ui/toast';
import type { AppRouter } from './router/router';
import { routes } from './router/routes';
import { shouldAnimate } from './router/transitions';
import type { AppStore } from './store/store';
import { startup } from './store/startup';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  const policy = useMemo(() => (to: To) => shouldAnimate(routes, to), []);

  useEffect(() => {
    void startup(store.dispatch, store.getState);
  }, [store]);

  // Spec §8: a 401 shows the server's words, the session is gone, sign in again.
  useEffect(
    () =>
      onSessionEnded(({ message }) => {
        if (message) void showErrorToast(message);
        store.dispatch(sessionEnded());
        const { pathname, search } = router.state.location;
        if (pathname !== paths.login.path) {
          // The sign-in screen says why the visitor is there (a toast alone is easily missed).
          void router.navigate(paths.login.href(`${pathname}${search}`), {
            replace: true,
            state: { notice: message ?? ERROR_TEXT.unauthorized },
          });
        }
      }),
    [router, store],
  );

  return (
    <Provider store={store}>
      <TransitionPolicyContext.Provider value={policy}>
        <RouterProvider router={router} />
      </TransitionPolicyContext.Provider>
    </Provider>
  );
}
