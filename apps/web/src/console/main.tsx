// The operator console's entry (console.html → /admin): its own bundle, never loaded by the site.
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { createConsoleRouter } from './app/router';
import { createConsoleStore } from './app/store';
import { getLocale } from './shared/i18n';
import './console.css';

document.documentElement.lang = getLocale();
const root = document.getElementById('console-root')!;
createRoot(root).render(
  <Provider store={createConsoleStore()}>
    <RouterProvider router={createConsoleRouter()} />
  </Provider>,
);
