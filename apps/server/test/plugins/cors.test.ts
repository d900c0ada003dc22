import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corsScope } from '../../src/plugins/app/cors.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

const APP = 'http://127.0.0.1:9999';

describe('the app build on another origin (CORS + anti-forgery)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { allowedOrigins: [APP] },
      {
        extend: (app) => {
          app.post('/app-api/test/change', async () => ({ code: 'OK', msg: 'ok', data: true }));
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers the preflight of an allowed origin, without credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/app-api/v/user/login',
      headers: {
        origin: APP,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-xsrf-token, authorization',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(String(res.headers['access-control-allow-headers'])).toMatch(/X-XSRF-TOKEN/);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    expect(res.headers['access-control-max-age']).toBe('600');
  });

  it('lets the allowed origin read Retry-After and the API answers, nothing more', async () => {
    const res = await t.app.inject({ url: '/app-api/health', headers: { origin: APP } });
    expect(res.headers['access-control-allow-origin']).toBe(APP);
    expect(res.headers['access-control-expose-headers']).toBe('Retry-After');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('answers no preflight outside the API and upload paths, nor for another origin', async () => {
    const preflight = (url: string, origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url,
        headers: { origin, 'access-control-request-method': 'POST' },
      });
    for (const res of [
      await preflight('/news', APP),
      await preflight('/app-api/v/user/login', 'https://evil.example'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-methods']).toBeUndefined();
    }
    const page = await t.app.inject({ url: '/news', headers: { origin: APP } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('says Vary: Origin only where CORS applies, not on pages (the offline worker matches them)', async () => {
    const api = await t.app.inject({ url: '/app-api/health', headers: { origin: APP } });
    expect(String(api.headers.vary)).toMatch(/origin/i);
    for (const headers of [{ origin: APP }, {}]) {
      const page = await t.app.inject({ url: '/', headers: { ...headers, accept: 'text/html' } });
      expect(String(page.headers.vary ?? '')).not.toMatch(/origin/i);
    }
  });

  it('says Vary: Origin on an API answer to a request with no Origin (the copy a cache keeps for it)', async () => {
    const res = await t.app.inject({ url: '/app-api/health' });
    expect(String(res.headers.vary)).toMatch(/origin/i);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('answers an unknown API path to the allowed origin with CORS (the app can read the 404)', async () => {
    const res = await t.app.inject({ url: '/app-api/no/such/call', headers: { origin: APP } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBe(APP);
  });

  it.each([
    ['/app-api/api/v2/draws/latest', true],
    ['/app-api', true],
    ['/chat-api/rooms/:id', true],
    ['/sys-upload/*', true],
    ['/news', false],
    ['/game/:id', false],
    ['/assets/*', false],
    ['/app-apix', false],
    // Patterns that may stand for a CORS path are decided per request, by its path.
    ['*', undefined],
    ['/*', undefined],
    ['/:page', undefined],
    ['/app-:rest', undefined],
  ])('a route at %s: CORS %s', (url, expected) => {
    expect(corsScope(url)).toBe(expected);
  });

  it("keeps Vary: Origin on an answer kept ready (a shared cache must not give one origin another origin's copy)", async () => {
    for (const url of [
      '/app-api/api/v2/draws/latest?gameId=110',
      '/app-api/api/v2/draws/history?gameId=110&page=1&pageSize=5',
    ]) {
      const res = await t.app.inject({ url, headers: { origin: APP, 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['access-control-allow-origin'], url).toBe(APP);
      const vary = String(res.headers.vary).toLowerCase();
      expect(vary, url).toMatch(/\borigin\b/);
      expect(vary, url).toMatch(/accept-encoding/);
    }
  });

  it('gives other origins no CORS answer', async () => {
    const res = await t.app.inject({
      url: '/app-api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('accepts a state-changing call from an allowed origin on its Origin and header', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/change',
      headers: { origin: APP, 'sec-fetch-site': 'same-site', 'x-xsrf-token': 'cross-origin' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe(APP);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/change',
      headers: { origin: APP, 'sec-fetch-site': 'cross-site' },
    });
    expect(noHeader.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'POST',
      url: '/app-api/test/change',
      headers: {
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
        'x-xsrf-token': 'cross-origin',
      },
    });
    expect(other.statusCode).toBe(403);
  });
});
