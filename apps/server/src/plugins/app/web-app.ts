import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NOT_BUILT_PAGE, createIndexPage, runtimeConfig } from '../../services/index-page.ts';
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

export default fp(
  async (app) => {
    const load = createIndexPage(app.config.webDist, runtimeConfig(app.config, VERSION));
    async function sendIndex(request: FastifyRequest, reply: FastifyReply) {
      const page = await load();
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!page) return reply.code(503).header('retry-after', '30').send(NOT_BUILT_PAGE);
      reply.header('etag', page.etag);
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      return reply.code(200).send(page.html);
    }
    app.decorate('webApp', { sendIndex });
  },
  { name: 'web-app', dependencies: ['db'] },
);
