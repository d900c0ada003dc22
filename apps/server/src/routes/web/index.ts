import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { fail } from '../../lib/envelope.ts';
import { acceptsHtml } from '../../lib/http.ts';
import { PAGE_PATTERNS } from '../../lib/page-paths.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { createHashedAssets } from '../../services/hashed-assets.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const web: FastifyPluginAsync = async (app) => {
  const hide = { schema: { hide: true } };
  app.get('/index.html', hide, (request, reply) => app.webApp.sendIndex(request, reply));
  // Each screen's path is a route of its own: a page request used to go through the static
  // files' wildcard first (a stat and a failed open per request, the largest cost of a cached
  // page under load) before the not-found handler gave it the page. Same answers: a client that
  // asks for JSON by name gets the 404 the not-found handler gives it.
  for (const pattern of PAGE_PATTERNS) {
    app.get(pattern, hide, (request, reply) =>
      acceptsHtml(request.headers.accept)
        ? app.webApp.sendIndex(request, reply)
        : reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在')),
    );
  }

  // The hashed files from memory (services/hashed-assets.ts); the rest of the build below.
  const assets = createHashedAssets(path.join(app.config.webDist, 'assets'));
  app.get('/assets/:name', hide, async (request, reply) => {
    const answer = await assets.get((request.params as { name: string }).name);
    if (!answer) return reply.callNotFound();
    return sendReady(request, reply, answer, IMMUTABLE);
  });

  // Wildcard mode reads the directory per request, so a web build made after start is served.
  // Misses (client routes such as /game/110) reach the not-found handler, which serves index.html.
  await app.register(fastifyStatic, {
    root: app.config.webDist,
    prefix: '/',
    decorateReply: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const hashed = /[/\\]assets[/\\]/.test(filePath);
      reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
    },
  });
};

export default web;
