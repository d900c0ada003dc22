import { createBrowserRouter, createHashRouter } from 'react-router';
import { IS_APP_BUILD } from '@/shared/config/build';
import { createRoutes } from './routes';
import type { LoaderStore } from './screen';

/** History routing on the web; the app shell loads from a file, so it routes in the hash. */
export function createAppRouter(store: LoaderStore) {
  const routes = createRoutes(store);
  return IS_APP_BUILD ? createHashRouter(routes) : createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
