import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { AccessLog } from '../../src/config.ts';
import { createMinute } from '../../src/plugins/app/access-log.ts';
import { createTestApp, xsrfPair } from '../helpers/test-app.ts';

/** The log's lines, as written to `stream`. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

async function logged(accessLog: AccessLog) {
  const { lines, stream } = capture();
  const t = await createTestApp({ accessLog }, { logger: { level: 'info', stream } });
  const ok = await t.app.inject({ url: '/sys-upload/data/json/games.json' });
  expect(ok.statusCode).toBe(200);
  await t.app.inject({ url: '/app-api/api/v2/news/999999?password=hunter2' });
  await t.app.inject({ method: 'POST', url: '/app-api/v/user/login', payload: {} });
  await t.close();
  const requests = lines.filter((l) => l.msg === 'request');
  const minute = lines.find((l) => typeof l.minute === 'object')?.minute as Record<string, unknown>;
  return { requests, minute, all: JSON.stringify(lines) };
}

describe('access log', () => {
  it('by default writes a line for a refusal or a change, not for a plain read', async () => {
    const { requests, minute, all } = await logged('notable');
    const urls = requests.map((l) => (l.req as { url: string }).url);
    expect(urls).toEqual([
      '/app-api/api/v2/news/999999?password=[Redacted]',
      '/app-api/v/user/login',
    ]);
    for (const l of requests) {
      expect(l.reqId).toBeTruthy();
      expect(typeof l.responseTime).toBe('number');
      expect((l.res as { statusCode: number }).statusCode).toBeGreaterThanOrEqual(400);
    }
    // Every request is still counted, into the minute line (written on close too).
    expect(minute).toMatchObject({ requests: 3, byStatus: { '2xx': 1, '4xx': 2 }, unlogged: 0 });
    expect(all).not.toContain('hunter2');
    // Fastify's own two lines per request are gone.
    expect(all).not.toContain('incoming request');
  });

  it('counts a request once, with the error sent, when an answer hook fails', async () => {
    const { lines, stream } = capture();
    const t = await createTestApp(
      { accessLog: 'notable' },
      {
        logger: { level: 'info', stream },
        extend: (app) => {
          app.register(async (child) => {
            // A bug in an answer hook: the first answer is replaced by the error.
            child.addHook('onSend', (request, _reply, payload, done) => {
              if (payload === 'fine') done(new Error('answer hook bug'));
              else done(null, payload);
            });
            child.get('/app-api/t-hook-fails', async () => 'fine');
          });
        },
      },
    );
    const res = await t.app.inject({ url: '/app-api/t-hook-fails' });
    expect(res.statusCode).toBe(500);
    await t.close();
    const minute = lines.find((l) => typeof l.minute === 'object')?.minute;
    expect(minute).toMatchObject({ requests: 1, byStatus: { '5xx': 1 } });
    const requests = lines.filter((l) => l.msg === 'request');
    expect(requests.map((l) => (l.res as { statusCode: number }).statusCode)).toEqual([500]);
  });

  it('logs every request with ACCESS_LOG=all and none with off', async () => {
    expect((await logged('all')).requests).toHaveLength(3);
    const off = await logged('off');
    expect(off.requests).toHaveLength(0);
    expect(off.minute).toMatchObject({ requests: 3 });
  });
});

describe('lines a client can cause', () => {
  it('are written within the minute’s budget, whichever part of the server writes them', async () => {
    const { lines, stream } = capture();
    const t = await createTestApp(
      {},
      {
        logger: { level: 'info', stream },
        extend: (app) => void app.post('/app-api/test/echo', async (request) => request.body),
      },
    );
    const { cookie, token } = await xsrfPair(t.app);
    // A URL that does not decode (the framework's own refusal) and a body that does not parse
    // (the error handler's): each used to write a line of its own besides the access log's.
    for (let i = 0; i < 600; i += 1) {
      await t.app.inject({ url: `/app-api/health/%${i % 2 ? 'zz' : ''}` });
      await t.app.inject({
        method: 'POST',
        url: '/app-api/test/echo',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': token },
        payload: '{"a":',
      });
    }
    await t.close();
    const perRequest = lines.filter((l) => l.reqId !== undefined);
    const kinds = new Set(perRequest.map((l) => l.msg));
    expect(kinds).toEqual(new Set(['malformed request url', 'client error', 'request']));
    expect(perRequest.length).toBe(1_000);
    // Every request counted in the minute line, the refused URLs too (they run no hooks); and
    // how many lines were not written: two asked for each body, one for each URL, less 1,000.
    const minute = lines.find((l) => typeof l.minute === 'object')?.minute;
    expect(minute).toMatchObject({ requests: 1_201, byStatus: { '4xx': 1_200 }, unlogged: 800 });
  });
});

describe('the minute line', () => {
  it('reports bucketed percentiles and the slowest answer', () => {
    const m = createMinute();
    for (let i = 0; i < 98; i += 1) m.add(200, 0.4);
    m.add(200, 30);
    m.add(503, 4_321.6);
    expect(m.take()).toEqual({
      requests: 100,
      byStatus: { '2xx': 99, '5xx': 1 },
      p50Ms: 1,
      p99Ms: 50,
      maxMs: 4_322,
      unlogged: 0,
    });
    // The next minute starts empty.
    expect(m.take()).toBeNull();
  });

  it('moves a request to the class of the answer that replaced its first', () => {
    const m = createMinute();
    m.add(200, 1);
    m.add(200, 2);
    m.recount(200, 500);
    expect(m.take()).toMatchObject({ requests: 2, byStatus: { '2xx': 1, '5xx': 1 } });
  });

  it('never puts a percentile above the slowest answer of the minute', () => {
    const m = createMinute();
    // All in the 200–500 ms bucket: its bound (500) would say more than any answer took.
    for (let i = 0; i < 10; i += 1) m.add(200, 240.3 + i);
    expect(m.take()).toMatchObject({ p50Ms: 250, p99Ms: 250, maxMs: 250 });
  });

  it('caps the lines of a flood of refusals, but never a server error', () => {
    const m = createMinute();
    let written = 0;
    for (let i = 0; i < 1_200; i += 1) if (m.mayLog(429)) written += 1;
    expect(written).toBe(1_000);
    expect(m.mayLog(500)).toBe(true);
    m.add(429, 1);
    expect(m.take()).toMatchObject({ unlogged: 200 });
    expect(m.mayLog(429)).toBe(true);
  });
});
