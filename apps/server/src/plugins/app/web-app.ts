import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_BUILT_PAGE,
  createIndexPage,
  initialDataScript,
  runtimeConfig,
  etagOf,
  withHead,
  type IndexPage,
} from '../../services/index-page.ts';
import {
  createPageRenderer,
  BOOT_SECTION,
  createRouteAssets,
  composeRenderedPage,
} from '../../services/page-renderer.ts';
import { screenData } from '../../services/screen-data.ts';
import { matchesEtag } from '../../lib/http.ts';
import { VERSION } from '../../version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webApp: {
      /**
       * Answers with the SPA's index.html (runtime config injected), or a 503 page if unbuilt.
       * `notFound`: a path with no screen; the page (the app's not-found screen) goes with 404.
       */
      sendIndex(
        request: FastifyRequest,
        reply: FastifyReply,
        opts?: { notFound?: boolean },
      ): Promise<FastifyReply>;
    };
  }
}

/** How long the inlined start-up data (and pages rendered with it) is reused: draws change every
 * few seconds at most. */
const INITIAL_DATA_TTL_MS = 2_000;
/** Rendered pages kept per data snapshot; beyond it (odd URLs) pages are rendered each time. */
const MAX_CACHED_PAGES = 200;

/**
 * What the web app fetches before its first screen can paint, keyed as it asks for it: the static
 * data files (relative to /sys-upload/data/json) and `draws/latest` (every home game's draw).
 * Read through the app's own routes, so the answers are exactly what a fetch would get.
 */
async function collectInitialData(app: FastifyInstance): Promise<Record<string, unknown>> {
  const code = encodeURIComponent(app.config.companyCode);
  const files = [
    'config.json',
    'five-elements.json',
    'games.json',
    `company/${code}/notice_list.json`,
    `company/${code}.json`,
  ];
  const requests = [
    ...files.map((file) => ({ key: file, url: `/sys-upload/data/json/${file}` })),
    { key: 'draws/latest', url: '/app-api/api/v2/draws/latest', envelope: true },
  ];
  const data: Record<string, unknown> = {};
  await Promise.all(
    requests.map(
      async ({ key, url, envelope }: { key: string; url: string; envelope?: boolean }) => {
        const res = await app.inject({ method: 'GET', url }).catch(() => undefined);
        if (res?.statusCode !== 200) return;
        try {
          const body: unknown = res.json();
          data[key] = envelope ? (body as { data?: unknown }).data : body;
        } catch {
          // Not JSON: the web app fetches it itself.
        }
      },
    ),
  );
  return data;
}

export default fp(
  async (app) => {
    const load = createIndexPage(app.config.webDist, runtimeConfig(app.config, VERSION));
    const renderPage = createPageRenderer(app.config.webSsr, (err) =>
      app.log.warn({ err }, 'server rendering unavailable; sending index.html as is'),
    );
    const screenAssets = createRouteAssets(app.config.webDist);
    interface Snapshot {
      at: number;
      /** The start-up data every page carries. */
      shared: Promise<Record<string, unknown>>;
      pages: Map<string, Promise<Prepared>>;
    }
    interface Prepared {
      page: IndexPage;
      status: number;
    }
    let snapshot: Snapshot | undefined;
    function currentSnapshot(): Snapshot {
      const now = Date.now();
      if (!snapshot || now - snapshot.at > INITIAL_DATA_TTL_MS) {
        const shared = collectInitialData(app).catch((err: unknown) => {
          app.log.warn({ err }, 'initial data for index.html unavailable');
          return {};
        });
        snapshot = { at: now, shared, pages: new Map() };
      }
      return snapshot;
    }

    /**
     * The page for `url`, composed once per data snapshot (and per build of index.html): the
     * start-up and screen data, and the screen rendered with them. Rendered only with the start-up
     * data (without it the browser would render something else: send the SPA), and only where
     * index.html has the loader section to replace.
     */
    async function prepareUncached(
      snap: Snapshot,
      built: IndexPage,
      url: string,
    ): Promise<Prepared> {
      const shared = await snap.shared;
      const extra = await screenData(app, url).catch((err: unknown) => {
        app.log.warn({ err, url }, 'screen data for index.html unavailable');
        return {};
      });
      const data = { ...shared, ...extra };
      const script = Object.keys(data).length ? initialDataScript(data) : '';
      const rendered =
        Object.keys(shared).length && BOOT_SECTION.test(built.html)
          ? await renderPage(url, data)
          : null;
      if (!rendered) return { page: withHead(built, script), status: 200 };
      const assets = await screenAssets(rendered.routeIds, built.html);
      const html = composeRenderedPage(built.html, rendered, assets);
      return { page: withHead({ html, etag: etagOf(html) }, script), status: rendered.status };
    }
    function prepare(snap: Snapshot, built: IndexPage, url: string): Promise<Prepared> {
      const key = `${built.etag} ${url}`;
      let page = snap.pages.get(key);
      if (!page) {
        page = prepareUncached(snap, built, url);
        if (snap.pages.size < MAX_CACHED_PAGES) snap.pages.set(key, page);
      }
      return page;
    }

    async function sendIndex(
      request: FastifyRequest,
      reply: FastifyReply,
      opts: { notFound?: boolean } = {},
    ) {
      const built = await load();
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!built) return reply.code(503).header('retry-after', '30').send(NOT_BUILT_PAGE);
      const { page, status } = await prepare(currentSnapshot(), built, request.url);
      if (opts.notFound) return reply.code(404).send(page.html);
      reply.header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.code(status).send(page.html);
    }
    app.decorate('webApp', { sendIndex });
  },
  { name: 'web-app', dependencies: ['config', 'db'] },
);
