import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '@/app/store/store';
import type { RootState } from '@/shared/store/root-reducer';
import { fakeServer } from './fixtures';

/** Renders one component inside a store (and a router at `path`) without the app shell. */
export function renderWithStore(
  ui: ReactElement,
  {
    preloadedState,
    path = '/',
    server = fakeServer(),
  }: {
    preloadedState?: Partial<RootState>;
    path?: string;
    server?: ReturnType<typeof fakeServer>;
  } = {},
) {
  const store = makeStore({ context: { fetch: server.fetch }, preloadedState });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router, server };
}

/** The page's store alone, over a fake server (for state tests without a screen). */
export const storeOver = (server: { fetch: typeof fetch } = fakeServer()) =>
  makeStore({ context: { fetch: server.fetch } });
