import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { makeStore } from '@/app/store/store';
import type { RootState } from '@/shared/store/root-reducer';
import { fakeStaticFiles } from './fixtures';

/** Renders one component inside a store (and a router at `path`) without the app shell. */
export function renderWithStore(
  ui: ReactElement,
  { preloadedState, path = '/' }: { preloadedState?: Partial<RootState>; path?: string } = {},
) {
  const files = fakeStaticFiles();
  const store = makeStore({
    extra: { staticFiles: () => files.client, companyCode: () => 'kj' },
    ...(preloadedState ? { preloadedState } : {}),
  });
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}
