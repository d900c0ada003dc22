// The operator console's page and files under /admin (issue 15): its own build, so a visitor's
// pages never name a byte of it. The page itself is never cached by anyone; its hashed files are.
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { addVary, pickEncoding } from '../../lib/http.ts';
import { IMMUTABLE } from '../web/index.ts';

const NOT_BUILT = `<!doctype html><html lang="zh-Hans"><meta charset="utf-8"><title>管理后台</title>
<p>管理后台尚未构建：请运行 <code>npm run build</code>。 / The console is not built: run npm run build.</p></html>`;

interface Page {
  mtimeMs: number;
  bodies: Partial<Record<'br' | 'gzip' | 'identity', Buffer>>;
}

const consoleWeb: FastifyPluginAsync = async (app) => {
  const dir = app.config.consoleDist;
  const file = path.join(dir, 'console.html');
  let page: Page | null = null;

  /** The built page and its precompressed copies, read again when a new build replaces it. */
  async function load(): Promise<Page | null> {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    if (page && page.mtimeMs === stat.mtimeMs) return page;
    const read = (suffix: string) => fs.readFile(file + suffix).catch(() => undefined);
    const [identity, br, gzip] = await Promise.all([read(''), read('.br'), read('.gz')]);
    if (!identity) return null;
    page = { mtimeMs: stat.mtimeMs, bodies: { identity, br, gzip } };
    return page;
  }

  const send = async (accept: string | undefined, reply: FastifyReply) => {
    addVary(reply, 'accept-encoding');
    reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex, nofollow');
    const p = await load();
    if (!p) return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    const available = (['br', 'gzip'] as const).filter((e) => p.bodies[e]);
    const encoding = pickEncoding(accept, [...available, 'identity']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.type('text/html; charset=utf-8').send(p.bodies[encoding] ?? p.bodies.identity);
  };

  const hide = { schema: { hide: true } };
  // Every screen of the console is this one page; its router takes it from there.
  app.get('/admin', hide, (request, reply) => send(request.headers['accept-encoding'], reply));
  app.get('/admin/*', hide, (request, reply) => send(request.headers['accept-encoding'], reply));

  await app.register(fastifyStatic, {
    root: path.join(dir, 'assets'),
    prefix: '/admin/assets/',
    decorateReply: false,
    index: false,
    redirect: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
    },
  });
};

export default consoleWeb;
