import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_BUILT_PAGE,
  createIndexPage,
  initialDataScript,
  runtimeConfig,
  withHead,
  type IndexPage,
} from '../../services/pages/index-page.ts';
import {
  BOOT_SECTION,
  createRouteAssets,
  composeRenderedPage,
} from '../../services/pages/page-renderer.ts';
import { createPageRenderer } from '../../services/pages/render-thread.ts';
import { approxBytes, boundedCache, readyAnswerBytes } from '../../lib/bounded-cache.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { RENDERER_ADDRESS } from '../../lib/renderer-calls.ts';
import { PAGE_CACHE, PAGE_CDN_CACHE } from '../../lib/cache-control.ts';
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

/** How long a rendered page (and the answers it carries) is reused: draws change every few
 * seconds at most. */
const PAGE_TTL_MS = 2_000;
/** Rendered pages kept, the least recently used going first: keys come from visitors' URLs. */
const MAX_CACHED_PAGES = 200;
/** And their bytes (a page is ~70 KB of HTML, and its codings once asked for). */
const MAX_CACHED_PAGE_BYTES = 24 * 1024 * 1024;
/** What a page counts for until its render is done and its size known. */
const RENDERING_PAGE_BYTES = 64 * 1024;
/** Renders under way at once (each is a few milliseconds of this thread, and its own calls). */
const RENDERS_AT_ONCE = 2;
/**
 * Renders waiting their turn. Past it a visitor gets index.html as built (the app renders in the
 * browser) instead of a place in a long queue: a flood of odd URLs costs no one else their page.
 */
const MAX_WAITING = 16;

export default fp(
  async (app) => {
    const load = createIndexPage(app.config.webDist, runtimeConfig(app.config, VERSION));
    const renderer = createPageRenderer(app.config.webSsr, (err) =>
      app.log.warn({ err }, 'server rendering unavailable; sending index.html as is'),
    );
    const screenAssets = createRouteAssets(app.config.webDist);

    /**
     * The web app's calls while it renders, answered by the app's own routes (no network hop):
     * the page carries exactly what the browser would have fetched.
     */
    const fetchHere = (async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://kaijiang.invalid');
      const res = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        remoteAddress: RENDERER_ADDRESS,
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      const empty = res.statusCode === 204 || res.statusCode === 304;
      return new Response(empty ? null : res.rawPayload, {
        status: res.statusCode,
        headers: { 'content-type': String(res.headers['content-type'] ?? '') },
      });
    }) as typeof fetch;

    interface Prepared {
      page: IndexPage;
      status: number;
    }
    interface KeptPage {
      at: number;
      prepared: Promise<Prepared>;
      /** Known once rendered. */
      bytes?: number;
    }
    // A page past its time is never served again: it goes when its time is up rather than when
    // others push it out (a burst of odd URLs would otherwise stay after the burst is over).
    const pages = boundedCache<string, KeptPage>({
      max: MAX_CACHED_PAGES,
      maxBytes: MAX_CACHED_PAGE_BYTES,
      ttlMs: PAGE_TTL_MS,
      sizeOf: (page, key) => (page.bytes ?? RENDERING_PAGE_BYTES) + approxBytes(key),
    });
    // A page carries the site's content (notices, settings, games) in its data: a write to any of
    // them makes every kept page old at once, not when its few seconds are up.
    const unsubscribe = app.changes.subscribe(() => pages.clear());
    app.addHook('onClose', async () => {
      unsubscribe();
      pages.clear();
      await renderer.close();
    });
    let rendering = 0;
    const waiting: (() => void)[] = [];
    /** A turn to render, or false when too many wait already. */
    function turn(): Promise<boolean> | boolean {
      if (rendering < RENDERS_AT_ONCE) {
        rendering += 1;
        return true;
      }
      if (waiting.length >= MAX_WAITING) return false;
      return new Promise((resolve) => waiting.push(() => resolve(true)));
    }
    function done(): void {
      const next = waiting.shift();
      if (next) next();
      else rendering -= 1;
    }

    /** The screen at `url` rendered into index.html with the answers it read, or index.html. */
    async function prepareUncached(built: IndexPage, url: string): Promise<Prepared> {
      const rendered = BOOT_SECTION.test(built.html) ? await renderer.render(url, fetchHere) : null;
      if (!rendered) return { page: built, status: 200 };
      const script = rendered.answers?.length ? initialDataScript(rendered.answers) : '';
      if (rendered.html === null) {
        return { page: script ? await withHead(built.html, script) : built, status: 200 };
      }
      const assets = await screenAssets(rendered.routeIds, built.html);
      const html = composeRenderedPage(built.html, { ...rendered, html: rendered.html }, assets);
      return { page: await withHead(html, script), status: rendered.status };
    }

    /** One render per page key (and build of index.html) every PAGE_TTL_MS at most. */
    async function prepare(built: IndexPage, url: string): Promise<Prepared> {
      // The page is rendered for its key: what it shows depends on nothing else in the URL.
      const keyed = await renderer.key(url);
      const key = `${built.etag} ${keyed}`;
      const now = Date.now();
      const hit = pages.get(key);
      if (hit && now - hit.at <= PAGE_TTL_MS) return hit.prepared;
      const ready = turn();
      if (ready === false) return { page: built, status: 200 };
      const prepared = Promise.resolve(ready)
        .then(() => prepareUncached(built, keyed))
        .finally(done);
      const kept: KeptPage = { at: now, prepared };
      pages.set(key, kept);
      // Counted again at its real size once rendered (if it is still the one kept).
      prepared.then(
        ({ page }) => {
          if (pages.peek(key) !== kept) return;
          const bytes = readyAnswerBytes(page.ready) + page.html.length * 2;
          const ttl = Math.max(1, PAGE_TTL_MS - (Date.now() - now));
          pages.set(key, { ...kept, bytes }, { ttl });
        },
        // A failed render is kept for its time like any page: not tried again per request.
        () => undefined,
      );
      return prepared;
    }

    async function sendIndex(
      request: FastifyRequest,
      reply: FastifyReply,
      opts: { notFound?: boolean } = {},
    ) {
      const built = await load();
      if (!built) {
        return reply
          .code(503)
          .header('cache-control', 'no-cache')
          .header('retry-after', '30')
          .type('text/html; charset=utf-8')
          .send(NOT_BUILT_PAGE);
      }
      const { page, status } = await prepare(built, request.url);
      reply.header('cdn-cache-control', PAGE_CDN_CACHE);
      return sendReady(request, reply, page.ready, {
        cacheControl: PAGE_CACHE,
        status: opts.notFound ? 404 : status,
      });
    }
    app.decorate('webApp', { sendIndex });
  },
  { name: 'web-app', dependencies: ['config', 'db', 'repositories'] },
);
