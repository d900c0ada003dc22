import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router/router';
import { makeStore } from './app/store/store';
import { initLocale } from './shared/i18n';
import './shared/ui/base.css';

initLocale();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App store={makeStore()} router={createAppRouter()} />
  </StrictMode>,
);
