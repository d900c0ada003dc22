// The results widget for other sites: its pages in three sizes, framable by anyone while every
// other page refuses framing, its files, the loader, and the byte budget (15 KB gzip in all).
import { gzipSync } from 'node:zlib';
import { ballLabel, EMBED_FRAMES, lunarYearOf } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedPage } from '../../src/services/embed/page.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('/embed/{gameId}', () => {
  it('draws the latest result with each ball named, framable by any site', async () => {
    const latest = (await get('/app-api/api/v2/draws/latest?gameId=110')).json().data;
    const res = await get('/embed/110');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const year = lunarYearOf(new Date(latest.drawAt));
    for (const n of latest.numbers as string[]) {
      expect(res.body).toContain(`aria-label="${ballLabel(n, year)}"`);
    }
    expect(res.body).toContain(`第 ${latest.issue} 期`);
    expect(res.body).toContain('href="/game/110"');
    // No app bundle: the widget's own two files and nothing else.
    const scripts = [...res.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual([
      expect.stringMatching(/^\/embed\/assets\/embed\.js\?v=[0-9a-f]{12}$/),
    ]);
  });

  it('comes in three sizes, two themes and both scripts of Chinese', async () => {
    const ticker = (await get('/embed/110?size=ticker')).body;
    expect(ticker).toContain('w--ticker');
    expect(ticker).not.toContain('class="n"');
    const countdown = (await get('/embed/111?size=countdown&theme=dark&lang=zh-Hant')).body;
    expect(countdown).toContain('w--countdown');
    expect(countdown).toContain('role="timer"');
    expect(countdown).toContain('data-theme="dark"');
    expect(countdown).toContain('lang="zh-Hant"');
    expect(countdown).toMatch(/開獎|等待開獎/);
    for (const bad of ['?size=huge', '?theme=pink', '?lang=en', '?size=card&extra=<x>']) {
      const res = await get(`/embed/110${bad}`);
      expect(res.statusCode, bad).toBe(bad.includes('extra') ? 200 : 400);
    }
    expect((await get('/embed/999')).statusCode).toBe(404);
    expect((await get('/embed/abc')).statusCode).toBe(400);
  });

  it('keeps every other page unframable', async () => {
    for (const url of [
      '/',
      '/game/110',
      '/instruct-api',
      '/app-api/api/v2/draws/latest?gameId=110',
    ]) {
      const res = await get(url);
      expect(String(res.headers['content-security-policy']), url).toContain(
        "frame-ancestors 'none'",
      );
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });

  it('serves its files for good and the loader for an hour, to other origins', async () => {
    const page = (await get('/embed/110')).body;
    const [js, css] = ['js', 'css'].map(
      (k) => page.match(new RegExp(`/embed/assets/embed\\.${k}\\?v=[0-9a-f]+`))![0],
    );
    for (const url of [js!, css!]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
    const loader = await get('/embed/loader.js');
    expect(loader.statusCode).toBe(200);
    expect(loader.headers['content-type']).toMatch(/javascript/);
    expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(loader.headers['cache-control']).toContain('max-age=3600');
    // The loader sizes each iframe as the site's own pages do.
    for (const [size, f] of Object.entries(EMBED_FRAMES)) {
      expect(loader.body).toContain(`${size}: ['${f.width}', ${f.height}]`);
    }
  });

  it('weighs at most 15 KB gzip in all: page, script, style and loader', async () => {
    const page = await get('/embed/110?size=countdown');
    const files = [page.body];
    for (const m of page.body.matchAll(/(?:src|href)="(\/embed\/assets\/[^"]+)"/g)) {
      files.push((await get(m[1]!)).body);
    }
    files.push((await get('/embed/loader.js')).body);
    expect(files).toHaveLength(4);
    const total = files.reduce((n, f) => n + gzipSync(f).length, 0);
    expect(total).toBeLessThanOrEqual(15 * 1024);
  });
});

describe('embedPage', () => {
  it('escapes what it prints and keeps the config block closed', () => {
    const html = embedPage({
      gameId: 1,
      gameName: '<img src=x onerror=alert(1)></script>',
      snapshot: null,
      size: 'card',
      theme: 'auto',
      lang: 'zh-Hans',
      lunar: [{ from: '1970-01-01T00:00:00.000Z', year: 2026 }],
      hosts: ['</script><script>alert(1)</script>'],
      assets: { js: '/a.js', css: '/a.css' },
      lunarYearOf: () => 2026,
    });
    expect(html).not.toContain('<img');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('暂无开奖');
  });
});
