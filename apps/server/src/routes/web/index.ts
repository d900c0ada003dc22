import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../lib/envelope.ts';
import { PAGE_CACHE } from '../../lib/cache-control.ts';
import { acceptsHtml } from '../../lib/http.ts';
import { PAGE_PATTERNS, PAGE_REDIRECTS } from '../../lib/page-paths.ts';
import { sendReady } from '../../lib/ready-answer.ts';
import { createHashedAssets } from '../../services/pages/hashed-assets.ts';
import { API_ANSWERS } from '../../plugins/external/helmet.ts';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const web: FastifyPluginAsync = async (app) => {
  const hide = { schema: { hide: true } };
  app.get('/index.html', hide, (request, reply) => app.webApp.sendIndex(request, reply));
  // Each screen's path is a route of its own: a page request used to go through the static
  // files' wildcard first (a stat and a failed open per request, the largest cost of a cached
  // page under load) before the not-found handler gave it the page. Same answers: a client that
  // asks for JSON by name gets the 404 the not-found handler gives it.
  for (const [from, to] of Object.entries(PAGE_REDIRECTS)) {
    app.get(from, hide, (request, reply) => {
      const query = request.url.indexOf('?');
      // Fixed addresses: a CDN may keep the redirect as it keeps pages, and so it signs no
      // anti-forgery cookie (plugins/app/xsrf.ts).
      reply.header('cache-control', PAGE_CACHE);
      return reply.redirect(query < 0 ? to : `${to}${request.url.slice(query)}`, 302);
    });
  }
  for (const pattern of PAGE_PATTERNS) {
    if (pattern in PAGE_REDIRECTS) continue;
    app.get(pattern, hide, (request, reply) =>
      acceptsHtml(request.headers.accept)
        ? app.webApp.sendIndex(request, reply)
        : reply.code(404).send(fail('NOT_FOUND', '请求的资源不存在')),
    );
  }

  // The hashed files from memory (services/pages/hashed-assets.ts); the rest of the build below.
  const assets = createHashedAssets(path.join(app.config.webDist, 'assets'));
  // Scripts, styles, fonts and pictures: never a document here (no worker is built into
  // assets/), so they carry the API's set of security headers, not the page's (README).
  // Not an async handler: a file in memory goes out with no promise made (as latest draws do).
  app.get('/assets/:name', { ...hide, helmet: API_ANSWERS }, (request, reply) => {
    const { name } = request.params as { name: string };
    const ready = assets.peek(name);
    if (!ready) return fromDisk(request, reply, name);
    sendReady(request, reply, ready, IMMUTABLE);
  });
  async function fromDisk(request: FastifyRequest, reply: FastifyReply, name: string) {
    const answer = await assets.get(name);
    if (!answer) {
      // A missing file may be answered with the not-found page (to a browser asking for one).
      reply.headers(app.pageSecurityHeaders);
      return reply.callNotFound();
    }
    return sendReady(request, reply, answer, IMMUTABLE);
  }

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
