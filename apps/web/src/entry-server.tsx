// Server rendering of the first screen (built by `vite build --ssr`, loaded by the Fastify
// server): the visitor's phone paints the latest draw from the HTML instead of after the
// JavaScript has loaded and run. The browser then renders the same tree over it (main.tsx).
import { lunarYearOf } from '@kaijiang/domain';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/app';
import { isRouteHandle } from './app/router/route-handle';
import { routes } from './app/router/routes';
import { prepareFirstScreen } from './app/store/first-screen';
import { makeStore } from './app/store/store';
import { provideInitialData } from './shared/config/initial-data';
import { getLocale } from './shared/i18n';

export interface RenderedPage {
  /** Markup for #root. */
  html: string;
  /** 404 for a path no route knows, else 200. */
  status: number;
  /** The language it is rendered in (the browser renders afresh for another). */
  locale: string;
  /** The lunar year it was rendered in (zodiacs): the browser hydrates only in the same one. */
  lunarYear: number;
  /** Ids of the matched routes; a lazy screen's id names its module under src/app/routes/. */
  routeIds: string[];
}

const handler = createStaticHandler(routes);

// The start-up data is read through one module-level slot (as in the browser), so one page is
// rendered at a time; each takes a few milliseconds.
let queue: Promise<unknown> = Promise.resolve();

async function renderNow(url: string, data: Record<string, unknown>): Promise<RenderedPage | null> {
  provideInitialData(data);
  const store = makeStore();
  await prepareFirstScreen(store);
  const context = await handler.query(new Request(new URL(url, 'http://kaijiang.invalid')));
  // Redirects and the sign-in guard are the browser router's business.
  if (context instanceof Response) return null;
  if (
    context.matches.some(
      (m) => isRouteHandle(m.route.handle) && m.route.handle.serverRender === false,
    )
  )
    return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <AppProviders store={store}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
  return {
    html,
    status: context.statusCode === 404 ? 404 : 200,
    locale: getLocale(),
    lunarYear: lunarYearOf(new Date()),
    routeIds: context.matches.map((m) => m.route.id),
  };
}

/** The page at `url` (path and query) with the start-up data of index.html, or null: send the SPA. */
export function render(url: string, data: Record<string, unknown>): Promise<RenderedPage | null> {
  const result = queue.then(() => renderNow(url, data));
  queue = result.catch(() => undefined);
  return result;
}
