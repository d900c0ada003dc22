import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  NOT_BUILT_PAGE,
  createIndexPage,
  initialDataScript,
  runtimeConfig,
  withInitialData,
} from '../../services/index-page.ts';
import { matchesEtag } from '../../lib/http.ts';
import { VERSION } from '../../version.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webApp: {
      /** Answers with the SPA's index.html (runtime config injected), or a 503 page if unbuilt. */
      sendIndex(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
    };
  }
}

/** How long the inlined start-up data is reused: draws change every few seconds at most. */
const INITIAL_DATA_TTL_MS = 2_000;

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
    let initial: { at: number; script: Promise<string> } | undefined;
    function initialScript(): Promise<string> {
      const now = Date.now();
      if (!initial || now - initial.at > INITIAL_DATA_TTL_MS) {
        const script = collectInitialData(app)
          .then((data) => (Object.keys(data).length ? initialDataScript(data) : ''))
          .catch((err: unknown) => {
            app.log.warn({ err }, 'initial data for index.html unavailable');
            return '';
          });
        initial = { at: now, script };
      }
      return initial.script;
    }

    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      const built = await load();
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!built) return reply.code(503).header('retry-after', '30').send(NOT_BUILT_PAGE);
      const page = withInitialData(built, await initialScript());
      reply.header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.code(200).send(page.html);
    }
    app.decorate('webApp', { sendIndex });
  },
  { name: 'web-app', dependencies: ['db'] },
);
