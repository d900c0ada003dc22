// Protocol edges of pages and URLs (issue 11 §5, §10): which clients get the page, that a path
// with no screen is a real 404, and that a URL or request the router or Node's parser refuses
// still gets our envelope. Malformed URLs go over a real socket: light-my-request would refuse
// or tidy them before the server saw them.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { portOf, rawRequest } from '../helpers/raw-http.ts';

const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>开奖网</title>
<!--kj-runtime-config--></head><body><div id="root"></div></body></html>`;
const ENVELOPE = { code: expect.any(String), msg: expect.any(String), data: null };

describe('pages and malformed requests', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = portOf(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string, accept?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: accept === undefined ? {} : { accept } });

  it('sends the page to any client that takes HTML: */*, no Accept, a browser', async () => {
    for (const accept of [undefined, '*/*', 'text/*', 'text/html', 'text/html;q=0.9, */*;q=0.1']) {
      for (const url of ['/game/110', '/news', '/more-action/tool-assistant', '/GAME/110/']) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(200);
        expect(res.headers['content-type'], `${url} ${accept}`).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
      }
    }
    expect((await get('/game/110', undefined, 'HEAD')).statusCode).toBe(200);
  });

  it('sends JSON to a client that names JSON over HTML', async () => {
    for (const accept of ['application/json', 'application/json, text/plain, */*']) {
      const res = await get('/game/110', accept);
      expect(res.statusCode, accept).toBe(404);
      expect(res.json(), accept).toEqual({ ...ENVELOPE, code: 'NOT_FOUND' });
    }
  });

  it('answers 404 with the page for a path that has no screen (no soft 404)', async () => {
    for (const accept of [undefined, '*/*', 'text/html']) {
      for (const url of ['/no/such/page', '/game', '/game/110/extra', '/newsx']) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<div id="root">');
        expect(res.headers.etag).toBeUndefined();
      }
    }
  });

  it('keeps the API, uploads and missing files JSON, whatever the Accept', async () => {
    for (const accept of [undefined, '*/*', 'text/html']) {
      for (const url of ['/app-api/nope', '/%61pp-api/nope', '/sys-upload/x.png', '/ws-game/1']) {
        const res = await get(url, accept);
        expect(res.statusCode, `${url} ${accept}`).toBe(404);
        expect(res.json()).toEqual({ ...ENVELOPE, code: 'NOT_FOUND' });
      }
    }
    const script = await get('/assets/missing.js', '*/*');
    expect(script.statusCode).toBe(404);
    expect(script.json().code).toBe('NOT_FOUND');
  });

  it('answers a URL with bad percent-encoding with the envelope under /app-api', async () => {
    for (const url of [
      '/app-api/api/v2/news/%',
      '/app-api/api/v2/news/%zz',
      '/app-api/%E0%A4%A',
      '/app-api/api/v2/news/%C0%AF',
      '/%61pp-api/x/%',
      '/sys-upload/%',
    ]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const res = await rawRequest(port, method, url, { accept: '*/*' });
        expect(res.status, `${method} ${url}`).toBe(400);
        expect(res.json(), `${method} ${url}`).toEqual({ ...ENVELOPE, code: 'REQ/INVALID' });
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    const long = await rawRequest(port, 'GET', `/app-api/api/v2/news/${'1'.repeat(500)}`);
    expect([404, 414]).toContain(long.status);
    expect(long.json()).toEqual({
      ...ENVELOPE,
      code: long.status === 404 ? 'NOT_FOUND' : 'REQ/INVALID',
    });
  });

  it('answers a page URL with bad percent-encoding with a 400 page', async () => {
    for (const url of ['/game/%', '/%', '/news-detail/%E0%A4%A', '/game/110?x=1&%']) {
      for (const accept of [{}, { accept: 'text/html' }] as Record<string, string>[]) {
        const res = await rawRequest(port, 'GET', url, accept);
        if (url.includes('?')) {
          // A bad query string is the route's business: the page as usual.
          expect(res.status, url).toBe(200);
          continue;
        }
        expect(res.status, url).toBe(400);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.body).toContain('<html');
      }
    }
    const json = await rawRequest(port, 'GET', '/game/%', { accept: 'application/json' });
    expect(json.status).toBe(400);
    expect(json.json()).toEqual({ ...ENVELOPE, code: 'REQ/INVALID' });
  });

  it("answers what Node's parser refuses with the envelope too", async () => {
    const bad = await rawRequest(port, 'GET', '/app-api/health', { 'Bad Header': 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toEqual({ ...ENVELOPE, code: 'REQ/INVALID' });
    const big = await rawRequest(port, 'GET', '/app-api/health', { 'x-big': 'y'.repeat(20_000) });
    expect(big.status).toBe(431);
    expect(big.json()).toEqual({ ...ENVELOPE, code: 'REQ/INVALID' });
  });
});
