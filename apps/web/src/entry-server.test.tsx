import type { DrawSnapshot } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import { pageKey, render } from './entry-server';
import { fakeServer } from './test/fixtures';

// The fields the card reads; the API sends more (sum, attributes per ball).
const DRAW: DrawSnapshot = {
  gameId: 110,
  issue: '2026324',
  status: 'done',
  numbers: ['07', '12', '23', '31', '38', '44', '49'],
  drawAt: '2026-11-20T13:32:00.000Z',
  nextIssue: '2026325',
  nextDrawAt: '2026-11-21T13:32:00.000Z',
  serverTime: '2026-11-21T02:00:00.000Z',
};

/** The server's routes as the renderer reaches them (the web-app plugin hands in app.inject). */
const server = (draw = DRAW) => fakeServer({ 'GET /api/v2/draws/latest': () => draw });

describe('server rendering of the first screen', () => {
  it('renders the home screen with what its loaders read, in the default language', async () => {
    const s = server();
    const page = await render('/game/110', { fetch: s.fetch });
    expect(page).not.toBeNull();
    expect(page!.status).toBe(200);
    expect(page!.locale).toBe('zh-Hans');
    expect(page!.routeIds).toEqual(['root', 'game']);
    expect(page!.html).toContain('第 2026324 期');
    for (const n of DRAW.numbers) expect(page!.html).toMatch(new RegExp(`aria-label="${n} `));
    // The start-up data reached the screen: the notices and the home games.
    expect(page!.html).toContain('欢迎光临');
    expect(page!.html).toContain('香港六合彩');
    // The page carries every answer it was rendered with, for the browser's cache.
    const names = page!.answers.map((a) => a.endpointName).sort();
    expect(names).toEqual([
      'company',
      'fiveElements',
      'games',
      'latestDraws',
      'notices',
      'settings',
    ]);
    expect(s.calls).toContain('/api/v2/draws/latest?gameId=110');
  });

  it('declines redirects and the sign-in guard, and sends no markup where the visitor types', async () => {
    for (const url of ['/', '/auth', '/collection']) {
      expect(await render(url, { fetch: server().fetch }), url).toBeNull();
    }
    for (const url of ['/auth/login', '/ask-question', '/setting']) {
      const page = await render(url, { fetch: server().fetch });
      expect(page!.html, url).toBeNull();
      // The start-up data still comes with the page.
      expect(page!.answers.length, url).toBeGreaterThan(0);
    }
  });

  it('renders pages side by side, each with its own data', async () => {
    const other = { ...DRAW, issue: '2026999' };
    const [a, b] = await Promise.all([
      render('/game/110', { fetch: server().fetch }),
      render('/game/110', { fetch: server(other).fetch }),
    ]);
    expect(a!.html).toContain('第 2026324 期');
    expect(b!.html).toContain('第 2026999 期');
    expect(b!.html).not.toContain('第 2026324 期');
  });

  it('renders the not-found screen for an unknown path', async () => {
    const page = await render('/no/such/page', { fetch: server().fetch });
    expect(page!.html).toContain('kj-app');
    expect(page!.routeIds).toContain('not-found');
  });

  it('keys a page by its path and the query parameters its screen reads', () => {
    expect(pageKey('/news?utm=1&category=guide&x=2')).toBe('/news?category=guide');
    expect(pageKey('/news?r=123')).toBe('/news');
    expect(pageKey('/lottery-history?year=2025&game=111&tab=stats&z=1')).toBe(
      '/lottery-history?game=111&tab=stats&year=2025',
    );
    expect(pageKey('/game/110?anything=1')).toBe('/game/110');
  });
});
