// The work due when an answer is done runs from the log controller, not from hook stages every
// request would pay for; cookies are parsed where they are read.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog } from '../../src/lib/request-log.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('after-response work', () => {
  it('runs once per answer, 404s included, with the status and time it ended with', async () => {
    const lines: { msg: string; err?: { message: string } }[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
        done();
      },
    });
    const requestLog = new RequestLog();
    const app = Fastify({ logger: { level: 'info', stream }, logController: requestLog });
    requestLog.decorate(app);
    const seen: [string, number, boolean][] = [];
    app.afterResponse((request, reply) => {
      seen.push([request.url, reply.statusCode, reply.elapsedTime >= 0]);
    });
    app.afterResponse((request) => {
      if (request.url === '/throws') throw new Error('after-response bug');
    });
    app.get('/ok', async () => 'ok');
    app.get('/fails', async () => {
      throw new Error('route failed');
    });
    app.get('/throws', async () => 'answered');
    const answers = await Promise.all(
      ['/ok', '/fails', '/missing', '/throws', '/ok'].map((url) => app.inject(url)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 500, 404, 200, 200]);
    expect(answers[3]!.body).toBe('answered');
    await expect.poll(() => seen.length).toBe(5);
    expect(seen.sort()).toEqual([
      ['/fails', 500, true],
      ['/missing', 404, true],
      ['/ok', 200, true],
      ['/ok', 200, true],
      ['/throws', 200, true],
    ]);
    // A throwing one is logged, not thrown out of the socket's event (which would end the process).
    expect(lines.filter((l) => l.msg === 'after-response work failed')).toHaveLength(1);
    // Fastify's per-request lines are gone; its own error line stays.
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(
      false,
    );
    expect(lines.some((l) => l.err?.message === 'route failed')).toBe(true);
    await app.close();
  });
});

describe("the site's routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

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
