import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_CACHE, LIST_CACHE, LIVE_CACHE, privately } from '../../src/lib/cache-control.ts';
import { createTestApp, xsrfPair, type TestApp } from '../helpers/test-app.ts';

describe('cache lifetimes for shared caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const PUBLIC = [
    ['/app-api/api/v2/draws/latest?gameId=110', LIVE_CACHE],
    ['/app-api/api/v2/draws/latest', LIVE_CACHE],
    ['/app-api/api/v2/news?page=1&pageSize=10', LIST_CACHE],
    ['/sys-upload/data/json/games.json', DATA_CACHE],
  ] as const;

  it('lets a CDN keep public answers briefly and serve them stale while it refetches', async () => {
    const { cookie } = await xsrfPair(t.app);
    for (const [url, expected] of PUBLIC) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe(expected);
      expect(expected).toMatch(/s-maxage=\d+, stale-while-revalidate=\d+/);
    }
  });

  it('never lets a shared cache keep an answer that sets a cookie', async () => {
    for (const [url] of PUBLIC) {
      // A browser's first request: it gets its anti-forgery cookie with this answer.
      const res = await t.app.inject({ url, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.headers['set-cookie'], url).toBeDefined();
      expect(res.headers['cache-control'], url).toMatch(/^private, max-age=\d+$/);
    }
  });

  it('keeps member answers out of every cache', async () => {
    // Refusals too: a 401 or 403 that a cache kept would be served to the next visitor.
    for (const url of ['/app-api/api/user/info', '/app-api/api/v2/messages']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(401);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('turns any lifetime into a private one of the same length', () => {
    expect(privately(LIVE_CACHE)).toBe('private, max-age=1');
    expect(privately('no-cache')).toBe('private, no-cache');
    expect(privately('no-store')).toBe('no-store');
    expect(privately('public, s-maxage=60, max-age=5')).toBe('private, max-age=5');
  });
});
