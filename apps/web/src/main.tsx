import { lunarYearOf } from '@kaijiang/domain';
import { StrictMode } from 'react';
import { render, type ComponentChild } from 'preact';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter, type AppRouter } from './app/router/router';
import { takePageAnswers } from './app/store/first-screen';
import { releasePageAnswers } from './shared/api/api';
import { makeStore } from './app/store/store';
import { IS_APP_BUILD } from './shared/config/build';
import { getLocale, initLocale, loadShellWords } from './shared/i18n';
import './shared/ui/base.css';
import { hydrateInParts } from './shared/ui/deferred';
import { nextTask } from './shared/lib/next-task';
import { initTheme } from './shared/ui/theme';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Installable/offline (web build only): the worker is registered from a chunk of its own once the
 * page has loaded and the browser is idle, so neither the first load nor the start waits for it.
 */
function registerWorkerWhenIdle(): void {
  if (!import.meta.env.PROD || IS_APP_BUILD || !('serviceWorker' in navigator)) return;
  const register = () =>
    void import('./shared/pwa/register-sw').then((m) => m.registerServiceWorker());
  const idle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 3000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

// A visitor who taps on while a screen is still sliding in skips that view transition; the
// browser then rejects the transition's promises, which nobody else awaits. Expected, not an error.
window.addEventListener('unhandledrejection', (event) => {
  const reason: unknown = event.reason;
  if (reason instanceof DOMException && /transition was skipped/i.test(reason.message))
    event.preventDefault();
});

/** Resolves once the router has matched the first URL and loaded that screen's chunk. */
function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

/**
 * From here on the page is the app's: a server-rendered screen shows its content before, but its
 * buttons and tabs answer only after this (the end-to-end tests wait for the mark).
 */
const ready = (root: HTMLElement) => root.setAttribute('data-started', '');

/**
 * Starts the app in steps, each in a task of its own (language and theme, store, router, taking
 * over the page), so that a slow phone is never blocked for long: evaluating the modules is
 * already one such task.
 */
async function start(root: HTMLElement): Promise<void> {
  await nextTask();
  // A Traditional Chinese reader's words load before anything is drawn in them.
  await loadShellWords(initLocale());
  initTheme();
  await nextTask();
  const store = makeStore();
  takePageAnswers(store);
  await nextTask();
  // Its loaders start at once: the root's start-up data, then the screen's (app/router/routes).
  const router = createAppRouter(store);
  // The page's answers serve its first screen: once the visitor moves on, the screens hold
  // what they read (a list left and come back to is asked for afresh).
  const first = router.state.location.key;
  const stop = router.subscribe((state) => {
    if (state.location.key === first) return;
    stop();
    releasePageAnswers();
  });
  const app = (
    <StrictMode>
      <App store={store} router={router} />
    </StrictMode>
  );

  // The server renders in the default language; a visitor who chose the other one gets a fresh
  // render instead of a page that mixes both.
  if (root.dataset.ssr !== getLocale()) {
    createRoot(root).render(app);
    // Taken over at once: the start script drops taps it kept (their buttons are gone).
    root.setAttribute('data-hydrated', '');
    ready(root);
    return;
  }
  // Take over the server's markup only with the same state and the screen's chunk in hand, else
  // the page would flash back to skeletons. A stuck start-up must not freeze the page: 3 s at most.
  const limit = new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.race([routerReady(router), limit]);
  // The screen's module was just evaluated in this task: taking over starts in the next one.
  await nextTask();
  if (root.dataset.ssrYear === String(lunarYearOf(new Date()))) {
    // Hydrating attaches the app to the markup without rewriting it: the cheap way on a slow
    // phone, and the screen's deferred parts follow one task each. It keeps attributes as sent,
    // so it is used only when the render inputs that vary (language, lunar year) are the server's.
    hydrateInParts(() => root.setAttribute('data-hydrated', ''));
    hydrateRoot(root, app);
  } else {
    // Preact's own render keeps the DOM nodes it finds and corrects every attribute that
    // differs (React's createRoot would empty the page first).
    render(app as unknown as ComponentChild, root);
    root.setAttribute('data-hydrated', '');
  }
  ready(root);
}

void start(container).then(registerWorkerWhenIdle);
