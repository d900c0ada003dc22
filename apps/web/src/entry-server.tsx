// Server rendering (built by `vite build --ssr`, loaded by the Fastify server): the same routes,
// loaders and endpoints as in the browser, with calls reaching the server's own routes through the
// `fetch` it hands in. The page carries the answers (the query cache), so the browser renders the
// same tree over the markup without asking again (main.tsx).
import { lunarYearOf } from '@kaijiang/domain';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { AppProviders } from './app/app';
import { isRouteHandle } from './app/router/route-handle';
import { createRoutes } from './app/router/routes';
import { makeStore } from './app/store/store';
import { answersOf, type Answer } from './shared/api/api';
import { getLocale } from './shared/i18n';

export interface RenderedPage {
  /** Markup for #root, or null for a screen rendered in the browser only (typed forms). */
  html: string | null;
  /** 404 for a path no route knows, else 200. */
  status: number;
  /** The language it is rendered in (the browser renders afresh for another). */
  locale: string;
  /** The lunar year it was rendered in (zodiacs): the browser hydrates only in the same one. */
  lunarYear: number;
  /** Ids of the matched routes; a lazy screen's id names its module under src/app/routes/. */
  routeIds: string[];
  /** The answers the page carries for the browser's query cache. */
  answers: Answer[];
}

export interface RenderOptions {
  /** How calls reach the API and data files: the server's own routes, no network. */
  fetch: typeof fetch;
}

/** The route table for matching only (its loaders are never called). */
const table = createRoutes({} as never);

/**
 * What a rendered page depends on in `url`: its path and the query parameters its screens read
 * (their routes' `handle.query`), so that any other parameter shares the page.
 */
/** Paths whose query names are known; bounded, since paths come from visitors' URLs. */
const QUERY_NAMES_MAX = 500;
const queryNames = new Map<string, string[]>();

/**
 * The query parameters the screens at `pathname` read. Matching the route table ranks every
 * route each time: on the server's hot path (every page request asks for its key) that was more
 * CPU than sending the page, so each path is matched once.
 */
function queryNamesOf(pathname: string): string[] {
  let names = queryNames.get(pathname);
  if (!names) {
    const found = new Set<string>();
    for (const m of matchRoutes(table, pathname) ?? []) {
      const handle = m.route.handle;
      if (isRouteHandle(handle)) for (const n of handle.query ?? []) found.add(n);
    }
    names = [...found].sort();
    if (queryNames.size >= QUERY_NAMES_MAX) queryNames.delete(queryNames.keys().next().value!);
    queryNames.set(pathname, names);
  }
  return names;
}

export function pageKey(url: string): string {
  const u = new URL(url, 'http://kaijiang.invalid');
  const kept = new URLSearchParams();
  for (const n of queryNamesOf(u.pathname)) {
    const v = u.searchParams.get(n);
    if (v !== null) kept.set(n, v);
  }
  const qs = kept.toString();
  return `${u.pathname}${qs ? `?${qs}` : ''}`;
}

/** The page at `url` (path and query), or null: a redirect, which the browser's router makes. */
export async function render(url: string, options: RenderOptions): Promise<RenderedPage | null> {
  const store = makeStore({ context: { fetch: options.fetch } });
  const routes = createRoutes(store, { onServer: true });
  const handler = createStaticHandler(routes);
  const context = await handler.query(
    new Request(new URL(pageKey(url), 'http://kaijiang.invalid')),
  );
  if (context instanceof Response) return null;
  const browserOnly = context.matches.some(
    (m) => isRouteHandle(m.route.handle) && m.route.handle.serverRender === false,
  );
  const html = browserOnly
    ? null
    : renderToString(
        <AppProviders store={store} routes={routes}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>,
      );
  return {
    html,
    status: context.statusCode === 404 ? 404 : 200,
    locale: getLocale(),
    lunarYear: lunarYearOf(new Date()),
    routeIds: context.matches.map((m) => m.route.id),
    answers: answersOf(store.getState()),
  };
}
