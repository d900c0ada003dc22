import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { PAGE_START_SCRIPT, PAGE_THEME_SCRIPT } from '../../src/services/pages/page-start.ts';
import { PAGE_CACHE } from '../../src/lib/cache-control.ts';

// Past the 1 KB under which answers go out uncoded, as every built page is.
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>开奖网</title>
<style>${'.kj-pad{margin:0}'.repeat(90)}</style><!--kj-runtime-config--><script type="module" src="/assets/index-abc123.js"></script></head>
<body><div id="root"></div></body></html>`;
const ASSET = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('web app serving', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      companyCode: 'kj',
      liveHosts: ['wss://live1.example.com', 'live2.example.com'],
      staticHost: 'https://static.example.com',
    });
    const dist = t.env.webDist;
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), INDEX);
    await fs.writeFile(path.join(dist, 'assets/index-abc123.js'), ASSET);
    await fs.writeFile(
      path.join(dist, 'assets/index-abc123.js.br'),
      zlib.brotliCompressSync(ASSET),
    );
    await fs.writeFile(path.join(dist, 'assets/index-abc123.js.gz'), zlib.gzipSync(ASSET));
    await fs.writeFile(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  });
  afterAll(() => t.close());

  const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

  function runtimeConfig(body: string): unknown {
    const m = /<script id="kj-config" type="application\/json">(.*?)<\/script>/.exec(body);
    expect(m).not.toBeNull();
    return JSON.parse(m![1]!);
  }

  it('serves index.html with the runtime config injected, the same for everyone', async () => {
    for (const url of ['/news', '/index.html']) {
      // A browser's first visit: the page carries no cookie (its token comes with its first
      // change, XSRF_TOKEN_CALL), so a CDN may keep it for 2 s and hand it to everyone (and one
      // that reads its own header serve it stale while refetching); a browser revalidates it
      // every time.
      const res = await t.app.inject({ url, headers: { ...html, 'sec-fetch-site': 'none' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['cache-control']).toBe(PAGE_CACHE);
      expect(PAGE_CACHE).toMatch(/^public, max-age=0, must-revalidate, s-maxage=\d+$/);
      expect(res.headers['cdn-cache-control']).toMatch(/^max-age=\d+, stale-while-revalidate=\d+$/);
      expect(res.body).not.toContain('<!--kj-runtime-config-->');
      expect(runtimeConfig(res.body)).toEqual({
        companyCode: 'kj',
        apiBase: '/app-api',
        staticHost: 'https://static.example.com',
        liveHosts: ['wss://live1.example.com', 'live2.example.com'],
        chatUrl: '/chat-api',
        chatImgUrl: '',
        ballIntervalMs: 4000,
        version: '1.0.2',
      });
      // The theme is settled in the head, before anything paints.
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      expect(head).toContain(`<script>${PAGE_THEME_SCRIPT}</script>`);
    }
  });

  it('falls back to index.html for client routes (history fallback)', async () => {
    for (const url of ['/game/110', '/news-detail/5?x=1', '/auth/login']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
    // A path with no screen: the app (its not-found screen), but not a soft 404.
    const missing = await t.app.inject({ url: '/no/such/page', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    const etag = (await t.app.inject({ url: '/game/110', headers: html })).headers.etag as string;
    const cached = await t.app.inject({
      url: '/game/111',
      headers: { ...html, 'if-none-match': etag },
    });
    expect(cached.statusCode).toBe(304);
  });

  it('sends each page coding as ready bytes with its own tag, and 304 to any of them', async () => {
    const plain = await t.app.inject({ url: '/game/110', headers: html });
    const page = plain.rawPayload;
    const tags = new Set<string>();
    for (const [coding, decode] of [
      ['br', zlib.brotliDecompressSync],
      ['gzip', zlib.gunzipSync],
    ] as const) {
      const headers = { ...html, 'accept-encoding': coding };
      const [a, b] = [
        await t.app.inject({ url: '/game/110', headers }),
        await t.app.inject({ url: '/game/110', headers }),
      ];
      expect(a.headers['content-encoding']).toBe(coding);
      expect(a.headers.vary).toContain('accept-encoding');
      // The same bytes twice: coded once for the page, not once per visitor.
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      expect(decode(a.rawPayload).equals(page)).toBe(true);
      tags.add(a.headers.etag as string);
      const again = await t.app.inject({
        url: '/game/110',
        headers: { ...headers, 'if-none-match': `"other", ${a.headers.etag as string}` },
      });
      expect(again.statusCode).toBe(304);
    }
    tags.add(plain.headers.etag as string);
    // One strong tag per representation (RFC 9110).
    expect(tags.size).toBe(3);
    // A page with no screen is never validated into a 304.
    const missing = await t.app.inject({
      url: '/no/such/page',
      headers: { ...html, 'accept-encoding': 'br', 'if-none-match': '*' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('does not fall back for API, uploads, sockets or non-HTML requests', async () => {
    for (const url of ['/app-api/nope', '/sys-upload/nope.png', '/ws-game/abc']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    const script = await t.app.inject({ url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(script.statusCode).toBe(404);
    const post = await t.app.inject({ method: 'POST', url: '/game/110', headers: html });
    expect(post.statusCode).toBe(404);
  });

  it('caches hashed assets forever and serves precompressed siblings', async () => {
    const plain = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(ASSET);

    const br = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gz = await t.app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(ASSET);
  });

  it('gives hashed assets the non-document security headers, pages and other files the full set', async () => {
    const strict = "default-src 'none';frame-ancestors 'none'";
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.headers['content-security-policy']).toBe(strict);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(asset.headers['strict-transport-security']).toBeDefined();
    expect(asset.headers['referrer-policy']).toBeUndefined();
    expect(asset.headers['cross-origin-opener-policy']).toBeUndefined();

    // A missing asset opened as a page is the not-found page, with the page's policy (its
    // scripts and styles must load).
    const missing = await t.app.inject({ url: '/assets/gone-000000.js', headers: html });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.headers['content-security-policy']).toContain("script-src 'self'");
    expect(missing.headers['referrer-policy']).toBe('no-referrer');

    for (const url of ['/game/110', '/robots.txt']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('keeps hashed assets in memory, with a 304 for their tag', async () => {
    const name = 'kept-xyz789.js';
    const file = path.join(t.app.config.webDist, 'assets', name);
    await fs.writeFile(file, ASSET);
    const first = await t.app.inject({ url: `/assets/${name}` });
    expect(first.statusCode).toBe(200);
    // Read once: gone from disk, still served; a new build's file is read when first asked for.
    await fs.rm(file);
    const again = await t.app.inject({ url: `/assets/${name}` });
    expect(again.body).toBe(ASSET);
    const tagged = await t.app.inject({
      url: `/assets/${name}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(tagged.statusCode).toBe(304);
    expect(tagged.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/..%2Findex.html', '/assets/x.exe', '/assets/%00.js']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(url.includes('%00') ? 400 : 404);
    }
  });

  it('revalidates unhashed files', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('compresses dynamic JSON above the threshold', async () => {
    const res = await t.app.inject({
      url: '/app-api/docs/json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('sends a CSP that fits the SPA', async () => {
    const res = await t.app.inject({ url: '/news', headers: html });
    const csp = res.headers['content-security-policy'] as string;
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    // Beyond 'self', only the theme and start scripts, by the hashes of their texts.
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(directive('script-src')).toBe(
      `script-src 'self' ${hash(PAGE_THEME_SCRIPT)} ${hash(PAGE_START_SCRIPT)}`,
    );
    expect(directive('style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive('img-src')).toContain('https://static.example.com');
    expect(directive('img-src')).toContain('data:');
    expect(directive('connect-src')).toContain('wss://live1.example.com');
    expect(directive('connect-src')).toContain('wss://live2.example.com');
    expect(directive('connect-src')).toContain('https://static.example.com');
    expect(directive('media-src')).toBe("media-src 'self' blob: https://static.example.com");
    expect(directive('connect-src')).not.toMatch(/ (wss?|https?):( |$)/);
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers the typed addresses with a redirect to their screen at once', async () => {
    for (const [url, to] of [
      ['/', '/game/110'],
      ['/?from=pwa', '/game/110?from=pwa'],
      ['/auth', '/auth/login'],
      ['/login', '/auth/login'],
      ['/login?redirect=%2Fprofile', '/auth/login?redirect=%2Fprofile'],
      ['/register', '/auth/register'],
    ]) {
      const res = await t.app.inject({ url: url!, headers: html });
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location, url).toBe(to);
    }
  });

  it('escapes < in the injected JSON', async () => {
    const { runtimeConfigScript } = await import('../../src/services/pages/index-page.ts');
    const script = runtimeConfigScript({
      companyCode: 'kj',
      apiBase: '/app-api',
      staticHost: '',
      liveHosts: ['</script><script>alert(1)</script>'],
      chatUrl: '/chat-api',
      chatImgUrl: '',
      ballIntervalMs: 4000,
      version: '1',
    });
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    expect(script).toContain('\\u003c/script>');
  });
});

describe('web app not built', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a clear 503 page in Chinese', async () => {
    for (const url of ['/news', '/game/110']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('尚未构建');
    }
  });

  it('picks up a build made after start', async () => {
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    const res = await t.app.inject({ url: '/news', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('kj-config');
  });
});
