import { createBrowserRouter, createHashRouter } from 'react-router';
import { IS_APP_BUILD } from '@/shared/config/build';
import type { AppDispatch } from '@/shared/store/hooks';
import { createRoutes } from './routes';

/** History routing on the web; the app shell loads from a file, so it routes in the hash. */
export function createAppRouter(store: { dispatch: AppDispatch }) {
  const routes = createRoutes(store);
  return IS_APP_BUILD ? createHashRouter(routes) : createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
