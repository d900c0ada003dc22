import { render } from '@testing-library/react';
// One copy of the router in tests: 'react-router/dom' resolves to its CommonJS build here.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/app';
import { createRoutes } from '@/app/router/routes';
import { makeStore } from '@/app/store/store';
import type { RootState } from '@/shared/store/root-reducer';
import { fakeServer } from './fixtures';

/** Renders the real route table, loaders and store at `path`, over a fake server. */
export function renderRoute(
  path: string,
  {
    server = fakeServer(),
    preloadedState,
  }: { server?: ReturnType<typeof fakeServer>; preloadedState?: Partial<RootState> } = {},
) {
  const store = makeStore({ context: { fetch: server.fetch }, preloadedState });
  const router = createMemoryRouter(createRoutes(store), { initialEntries: [path] });
  const view = render(
    <AppProviders store={store} routes={router.routes}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, store, server };
}
