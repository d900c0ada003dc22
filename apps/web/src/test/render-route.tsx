import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '@/app/router/routes';
import { makeStore } from '@/app/store/store';
import type { RootState } from '@/shared/store/root-reducer';
import { fakeStaticFiles } from './fixtures';

/** Renders the real route table at `path`, with a store over fixture files. */
export function renderRoute(path: string, preloadedState?: Partial<RootState>) {
  const files = fakeStaticFiles();
  const store = makeStore({
    extra: { staticFiles: () => files.client, companyCode: () => 'kj' },
    ...(preloadedState ? { preloadedState } : {}),
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}
