import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router/router';
import { makeStore } from './app/store/store';
import { IS_APP_BUILD } from './shared/config/build';
import { initLocale } from './shared/i18n';
import './shared/ui/base.css';
import { initTheme } from './shared/ui/theme';

initLocale();
initTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

// Installable/offline (web build only): the worker is registered after the page has loaded, from
// a chunk of its own, so the first load does not wait for it.
if (import.meta.env.PROD && !IS_APP_BUILD && 'serviceWorker' in navigator) {
  const register = () =>
    void import('./shared/pwa/register-sw').then((m) => m.registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

createRoot(container).render(
  <StrictMode>
    <App store={makeStore()} router={createAppRouter()} />
  </StrictMode>,
);
