// The app logs through its own logger, Fastify is given none (so it follows no answer to its end),
// and the work due once per answer runs from one answer hook.
import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elapsedMs, requestLogging } from '../../src/lib/request-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  err?: { message: string };
  res?: { statusCode: number };
}

function capture() {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Line);
      }
      done();
    },
  });
  return { lines, stream };
}

describe('request logging', () => {
  it('runs the after-response work once per answer, 404s and errors included, status final', async () => {
    const { lines, stream } = capture();
    const logging = requestLogging({ level: 'info', stream });
    const app = Fastify({ ...logging.options });
    logging.attach(app);
    const seen: [string, number, number][] = [];
    app.afterResponse((request, reply) => {
      seen.push([request.url, reply.statusCode, elapsedMs(request)]);
    });
    app.afterResponse((request) => {
      if (request.url === '/throws') throw new Error('after-response bug');
    });
    app.get('/ok', async () => 'ok');
    app.get('/slow', async () => {
      await sleep(30);
      return 'slow';
    });
    app.get('/fails', async () => {
      throw new Error('route failed');
    });
    app.get('/gone', async (_request, reply) => reply.code(410).send('gone'));
    app.get('/throws', async () => 'answered');
    const urls = ['/ok', '/slow', '/fails', '/missing', '/gone', '/throws'];
    const answers = await Promise.all(urls.map((url) => app.inject(url)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 500, 404, 410, 200]);
    // A throwing one is logged; the answer goes out as it is.
    expect(answers[5]!.body).toBe('answered');
    expect(lines.filter((l) => l.msg === 'after-response work failed')).toHaveLength(1);
    expect(seen.map(([url, status]) => [url, status]).sort()).toEqual([
      ['/fails', 500],
      ['/gone', 410],
      ['/missing', 404],
      ['/ok', 200],
      ['/slow', 200],
      ['/throws', 200],
    ]);
    const ms = Object.fromEntries(seen.map(([url, , t]) => [url, t]));
    expect(ms['/slow']).toBeGreaterThanOrEqual(25);
    expect(ms['/ok']).toBeGreaterThan(0);
    expect(ms['/ok']).toBeLessThan(25);
    await app.close();
  });

  it('runs again, told the first status, when a later answer hook fails and the error goes instead', async () => {
    const logging = requestLogging(false);
    const app = Fastify({ ...logging.options });
    logging.attach(app);
    const seen: [number, number | undefined][] = [];
    app.afterResponse((_request, reply, before) => {
      seen.push([reply.statusCode, before]);
    });
    app.addHook('onSend', (_request, _reply, payload, done) => {
      if (payload === 'fine') done(new Error('answer hook bug'));
      else done(null, payload);
    });
    app.get('/fails-late', async () => 'fine');
    app.get('/ok', async () => 'ok');
    expect((await app.inject('/fails-late')).statusCode).toBe(500);
    expect(seen).toEqual([
      [200, undefined],
      [500, 200],
    ]);
    seen.length = 0;
    await app.inject('/ok');
    expect(seen).toEqual([[200, undefined]]);
    await app.close();
  });

  it("keeps Fastify's own lines (an error, with the request's id and status) and none per request", async () => {
    const { lines, stream } = capture();
    const logging = requestLogging({ level: 'info', stream });
    const app = Fastify({ ...logging.options });
    logging.attach(app);
    await app.register(async (plugin) => {
      plugin.get('/fails', async () => {
        throw new Error('route failed');
      });
      plugin.log.info('from a plugin');
    });
    app.get('/ok', async () => 'ok');
    await app.inject('/ok');
    await app.inject('/fails');
    app.log.warn('from the app');
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(
      false,
    );
    const failed = lines.find((l) => l.err?.message === 'route failed');
    expect(failed?.reqId).toMatch(/^req-/);
    expect(failed?.res).toEqual({ statusCode: 500 });
    expect(lines.map((l) => l.msg)).toEqual(
      expect.arrayContaining(['from a plugin', 'from the app']),
    );
    expect(app.log).toBe(logging.logger);
    await app.close();
  });

  it('writes to a file, and nothing with `false`', async () => {
    const { mkdtemp, readFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'kj-log-'));
    const file = path.join(dir, 'server.log');
    const logging = requestLogging({ level: 'info', file });
    logging.logger.info('to the file');
    await expect.poll(async () => readFile(file, 'utf8').catch(() => '')).toContain('to the file');
    expect(requestLogging(false).logger.level).toBe('silent');
    await rm(dir, { recursive: true, force: true });
  });
});

describe("the site's routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        extend: (app) => {
          app.get('/app-api/finish-listeners', async (_request, reply) => ({
            finish: reply.raw.listenerCount('finish'),
            error: reply.raw.listenerCount('error'),
          }));
        },
      },
    );
  });
  afterAll(() => t.close());

  it('are not followed to their end by the framework: as many listeners as a bare server', async () => {
    const bare = Fastify();
    bare.get('/', async (_request, reply) => ({
      finish: reply.raw.listenerCount('finish'),
      error: reply.raw.listenerCount('error'),
    }));
    const expected = (await bare.inject('/')).json();
    const logged = Fastify({ logger: { level: 'silent' } });
    logged.get('/', async (_request, reply) => reply.raw.listenerCount('finish'));
    // What the check would see with a logger given to Fastify.
    expect(Number((await logged.inject('/')).body)).toBeGreaterThan(expected.finish);
    const res = await t.app.inject('/app-api/finish-listeners');
    expect(res.json()).toEqual(expected);
    await Promise.all([bare.close(), logged.close()]);
  });

  it('run no onResponse stage, no cookie parsing and no compression request hook', () => {
    const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
    const start = routes.indexOf('app-api/health (GET)');
    const health = routes.slice(start, routes.indexOf('(HEAD)', start));
    expect(health).toContain('(onRequest)');
    expect(health).not.toContain('(onResponse)');
    expect(health).not.toContain('fastifyCookieHandler');
    expect(health).not.toContain('"onRequest()"');
  });
});
