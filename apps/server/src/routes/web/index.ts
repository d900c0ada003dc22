import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

export const IMMUTABLE = 'public, max-age=31536000, immutable';

const web: FastifyPluginAsync = async (app) => {
  const hide = { schema: { hide: true } };
  app.get('/', hide, (request, reply) => app.webApp.sendIndex(request, reply));
  app.get('/index.html', hide, (request, reply) => app.webApp.sendIndex(request, reply));

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
