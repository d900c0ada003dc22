// The ready front (plugins/app/ready-front.ts) answers a poll of the latest draw before the
// framework: over a real connection, since app.inject never passes the server's listener.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { adminDrawCalls } from '../draws/draw-helpers.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const TOKEN = 'O8-ca94curW7K21DV_CT-RCKCpkRwSTh5dofyzos';
const APP_ORIGIN = 'http://127.0.0.1:9999';
// 21:40 in Macau on 1 March 2026: draw 2026060 of game 110 (21:32) is due.
const NOW = Date.parse('2026-03-01T13:40:00Z');
const LATEST = '/app-api/api/v2/draws/latest?gameId=110';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request with exactly these headers (and Host), as a poller on another server sends it. */
function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.end();
  });
}

const withoutDate = (h: http.IncomingHttpHeaders) => {
  const { date: _, ...rest } = h;
  return rest;
};

describe('the ready front', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp(
      { adminToken: TOKEN, allowedOrigins: [APP_ORIGIN] },
      { draws: { clock: clockFrom(NOW) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  /** Plain polls until the front answers one; that answer and the count before it. */
  async function fromFront(path: string, headers: Record<string, string>) {
    for (let i = 0; i < 20; i += 1) {
      const before = t.app.readyFront.served;
      const res = await get(port, path, headers);
      if (t.app.readyFront.served === before + 1) return res;
    }
    throw new Error(`the front never answered ${path}`);
  }

  it('sends what the framework sends, header for header and byte for byte', async () => {
    // (Each negotiated coding is kept apart; this answer is too small to be coded at all.)
    for (const coding of ['br', 'gzip', '']) {
      const plain: Record<string, string> = coding ? { 'accept-encoding': coding } : {};
      // Compared with the framework's answer to the same request plus a header the front does
      // not take: only an answer with the same tag (the same kept bytes) is comparable.
      for (let i = 0; ; i += 1) {
        const front = await fromFront(LATEST, plain);
        const framework = await get(port, LATEST, { ...plain, 'x-probe': '1' });
        if (front.headers.etag !== framework.headers.etag && i < 10) continue;
        expect(front.status).toBe(200);
        expect(withoutDate(front.headers)).toEqual(withoutDate(framework.headers));
        expect(front.body.equals(framework.body)).toBe(true);
        expect(front.headers['content-security-policy']).toBeDefined();
        expect(String(front.headers.vary)).toMatch(/origin/i);
        break;
      }
    }
  });

  it('answers the home games too, and no spelling but the one its route offered', async () => {
    await fromFront('/app-api/api/v2/draws/latest', { 'accept-encoding': 'br' });
    for (const other of [
      '/app-api/api/v2/draws/latest?gameId=110&x=1',
      '/app-api/api/v2/draws/latest?gameId=0110',
      '/app-api/api/v2/draws/latest?gameId=110#',
      '/%61pp-api/api/v2/draws/latest?gameId=110',
    ]) {
      const before = t.app.readyFront.served;
      const res = await get(port, other, { 'accept-encoding': 'br' });
      expect(t.app.readyFront.served, other).toBe(before);
      expect(res.status, other).toBeLessThan(500);
    }
  });

  it('leaves every request that could be answered differently to the framework', async () => {
    const kept = await fromFront(LATEST, { 'accept-encoding': 'br' });
    const cases: [string, Record<string, string>, string?][] = [
      ['a conditional request', { 'accept-encoding': 'br', 'if-none-match': kept.headers.etag! }],
      ['a cookie', { 'accept-encoding': 'br', cookie: 'a=b' }],
      ['an allowed origin', { 'accept-encoding': 'br', origin: APP_ORIGIN }],
      ['a credential', { 'accept-encoding': 'br', authorization: 'Bearer x' }],
      ['a browser fetch', { 'accept-encoding': 'br', 'sec-fetch-site': 'same-origin' }],
      ['a page request', { 'accept-encoding': 'br', accept: 'text/html' }],
      ['a range', { 'accept-encoding': 'br', range: 'bytes=0-10' }],
      ['a HEAD request', { 'accept-encoding': 'br' }, 'HEAD'],
    ];
    for (const [name, headers, method] of cases) {
      const before = t.app.readyFront.served;
      const res = await get(port, LATEST, headers, method);
      expect(t.app.readyFront.served, name).toBe(before);
      if (name === 'a conditional request') expect(res.status).toBe(304);
      if (name === 'an allowed origin') {
        expect(res.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
      }
      // A public answer sets no cookie, for a browser either (a CDN may keep it).
      if (name === 'a browser fetch') expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('counts its answers in the access log minute', async () => {
    const add = vi.spyOn(t.app.accessMinute, 'add');
    try {
      await fromFront(LATEST, { 'accept-encoding': 'gzip' });
      expect(add).toHaveBeenCalledWith(200, expect.any(Number));
    } finally {
      add.mockRestore();
    }
  });

  it('never sends a kept answer once the draw has moved on: a new ball is in the next poll', async () => {
    const admin = adminDrawCalls(t.app, TOKEN);
    expect((await admin.setSource(110, 'manual')).statusCode).toBe(200);
    for (const [i, n] of ['07', '19', '33'].entries()) {
      await fromFront(LATEST, {});
      expect((await admin.ball(110, n)).statusCode).toBe(200);
      // At once, with no wait for the kept answer's clock.
      const next = await get(port, LATEST);
      expect(JSON.parse(next.body.toString()).data.numbers).toHaveLength(i + 1);
    }
  });
});

describe('the ready front with a log line per request (ACCESS_LOG=all)', () => {
  it('stays out: every request reaches the framework and its line', async () => {
    const t = await createTestApp({ accessLog: 'all' });
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      for (let i = 0; i < 5; i += 1) {
        expect((await get(port, LATEST, { 'accept-encoding': 'br' })).status).toBe(200);
      }
      expect(t.app.readyFront.served).toBe(0);
    } finally {
      await t.close();
    }
  });
});
