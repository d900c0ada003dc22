import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATA_CACHE,
  LIST_CACHE,
  LIVE_CACHE,
  PAGE_CACHE,
  RECENT_CACHE,
  privately,
  sharedCacheable,
} from '../../src/lib/cache-control.ts';
import { createTestApp, xsrfPair, type TestApp } from '../helpers/test-app.ts';

describe('cache lifetimes for shared caches', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        // A route that sets a cookie of its own on a public answer (none of ours does).
        extend: (app) => {
          app.get('/app-api/test/public-with-cookie', async (_request, reply) => {
            reply.header('cache-control', RECENT_CACHE).setCookie('seen', '1', { path: '/' });
            return { code: 'OK', msg: 'ok', data: true };
          });
        },
      },
    );
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

  it('signs no cookie into a public answer, for a browser without one either', async () => {
    for (const [url, expected] of PUBLIC) {
      // A browser's first request: were its anti-forgery cookie in this answer, no CDN could
      // keep it, and every first visit of a draw minute would reach us.
      const res = await t.app.inject({ url, headers: { 'sec-fetch-site': 'same-origin' } });
      expect(res.headers['set-cookie'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe(expected);
    }
  });

  it('never lets a shared cache keep an answer that sets a cookie', async () => {
    const res = await t.app.inject({ url: '/app-api/test/public-with-cookie' });
    expect(res.headers['set-cookie']).toBeDefined();
    expect(res.headers['cache-control']).toBe('private, max-age=5');
  });

  it('tells a shared cache’s lifetime from any other', () => {
    for (const cc of [LIVE_CACHE, DATA_CACHE, PAGE_CACHE, 'S-MAXAGE=5', 'max-age=5, public']) {
      expect(sharedCacheable(cc), cc).toBe(true);
    }
    for (const cc of ['no-store', 'no-cache', 'private, max-age=5', 'max-age=60', undefined, 5]) {
      expect(sharedCacheable(cc), String(cc)).toBe(false);
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
