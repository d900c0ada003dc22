import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { PAGE_START_SCRIPT } from '../../src/services/pages/page-start.ts';

// The shape Vite writes: modules in the head, the start-up loader section in the body.
const INDEX = `<!doctype html><html><head><meta charset="utf-8"><title>开奖</title>
<!--kj-runtime-config--><script type="module" crossorigin src="/assets/index-e1.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head>
<body><!--kj-boot--><div id="kj-boot">正在加载</div><div id="root"></div><!--/kj-boot--></body></html>`;

const MANIFEST = {
  'index.html': {
    file: 'assets/index-e1.js',
    isEntry: true,
    imports: ['_preact.js', '_query.js'],
    css: ['assets/index-c1.css'],
  },
  '_runtime.js': { file: 'assets/runtime-r1.js' },
  '_preact.js': { file: 'assets/preact-p1.js', imports: ['_runtime.js'] },
  '_query.js': { file: 'assets/query-q1.js', imports: ['_runtime.js', '_preact.js'] },
  'src/app/routes/game.tsx': {
    file: 'assets/game-g1.js',
    imports: ['_preact.js', '_card.js'],
    css: ['assets/game-g1.css'],
  },
  '_card.js': { file: 'assets/card-k1.js', css: ['assets/card-k1.css'] },
};

// A stand-in for apps/web/dist-ssr/entry-server.js (run in the render thread, as the real one):
// asks the server for the games through the fetch it is handed (as the web app's loaders do),
// renders what it got and how many renders it has made; /about-us fails, /auth/login declines (the SPA
// handles it); /news-detail/* waits for a file named release beside it; /busy holds its thread for
// 3 s. pageKey keeps ?category.
const RENDERER = `
import { existsSync } from 'node:fs';
let renders = 0;
export function pageKey(url) {
  const u = new URL(url, 'http://x');
  const c = u.searchParams.get('category');
  return u.pathname + (c ? '?category=' + c : '');
}
export async function render(url, { fetch }) {
  renders += 1;
  if (url === '/about-us') throw new Error('boom');
  if (url === '/auth/login') return null;
  if (url === '/busy') for (const end = Date.now() + 3000; Date.now() < end; );
  if (url.startsWith('/news-detail')) {
    while (!existsSync(new URL('./release', import.meta.url))) await new Promise((r) => setTimeout(r, 10));
  }
  const res = await fetch('/sys-upload/data/json/games.json?_t=1');
  const games = res.ok ? await res.json() : null;
  return {
    html: '<main data-url="' + url + '">games:' + (Array.isArray(games) ? games.length : -1) + '</main><p data-render="' + renders + '"></p>',
    status: url === '/missing' ? 404 : 200,
    locale: 'zh-Hans',
    routeIds: url.startsWith('/game/') ? ['root', 'game'] : ['root'],
    answers: [{ endpointName: 'games', value: games }],
  };
}
`;

/** Which of the renderer's renders made this page. */
const renderOf = (body: string) => Number(/data-render="(\d+)"/.exec(body)?.[1]);

describe('server-rendered first screens', () => {
  let t: TestApp;
  let ssrFile: string;
  const html = { accept: 'text/html' };

  beforeAll(async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-ssr-'));
    ssrFile = path.join(dir, 'entry-server.mjs');
    await fs.writeFile(ssrFile, RENDERER);
    t = await createTestApp({ webSsr: ssrFile });
    await fs.writeFile(path.join(t.env.webDist, 'index.html'), INDEX);
    await fs.mkdir(path.join(t.env.webDist, '.vite'));
    await fs.writeFile(
      path.join(t.env.webDist, '.vite', 'manifest.json'),
      JSON.stringify(MANIFEST),
    );
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(path.dirname(ssrFile), { recursive: true, force: true });
  });

  it('puts the rendered screen in place of the start-up loader, with the answers it read', async () => {
    const res = await t.app.inject({ url: '/game/110?x=1', headers: html });
    expect(res.statusCode).toBe(200);
    // Rendered for the page's key: a parameter no screen reads is not passed on.
    expect(res.body).toContain(
      '<div id="root" data-ssr="zh-Hans"><main data-url="/game/110">games:',
    );
    // Its calls reached the server's own routes.
    expect(res.body).not.toContain('games:-1');
    expect(res.body).not.toContain('kj-boot');
    const m = /<script id="kj-data" type="application\/json">(.*?)<\/script>/.exec(res.body);
    const answers = JSON.parse(m![1]!) as { endpointName: string; value: unknown[] }[];
    expect(answers[0]!.endpointName).toBe('games');
    expect(answers[0]!.value.length).toBeGreaterThan(0);
  });

  it("links the screen's styles and hands every module to the inline start script", async () => {
    const res = await t.app.inject({ url: '/game/110', headers: html });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/assets/game-g1.css">');
    expect(head).toContain('<link rel="stylesheet" href="/assets/card-k1.css">');
    // Already linked by index.html: not twice.
    expect(head.match(/index-c1\.css/g)).toHaveLength(1);
    // No script of any kind before the screen: nothing to fetch before the first paint.
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toMatch(/<script[^>]* src=/);
    const start =
      /<script data-entry="([^"]+)" data-steps="([^"]*)" data-preload="([^"]*)">([\s\S]*?)<\/script><\/body>/.exec(
        res.body,
      );
    expect(start?.[1]).toBe('/assets/index-e1.js');
    // The entry's imports (from the manifest: index.html names none), each after its own
    // imports, evaluated one per task before it; then the screen's modules.
    expect(start?.[2]?.split(' ')).toEqual([
      '/assets/runtime-r1.js',
      '/assets/preact-p1.js',
      '/assets/query-q1.js',
    ]);
    expect(start?.[3]?.split(' ')).toEqual(['/assets/game-g1.js', '/assets/card-k1.js']);
    // Exactly the text the CSP allows by hash.
    expect(start?.[4]).toBe(PAGE_START_SCRIPT);
    const hash = createHash('sha256').update(start![4]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('inlines every stylesheet of the screen once the files are there', async () => {
    const assets = path.join(t.env.webDist, 'assets');
    await fs.mkdir(assets, { recursive: true });
    const files = { 'index-c1.css': '.a{color:red}', 'game-g1.css': '.g{}', 'card-k1.css': '.k{}' };
    for (const [f, css] of Object.entries(files)) await fs.writeFile(path.join(assets, f), css);
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s page cache
    const res = await t.app.inject({ url: '/game/112', headers: html });
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    expect(head).toContain('<style>.a{color:red}\n.g{}\n.k{}</style>');
    for (const f of Object.keys(files))
      expect(head).toContain(`<link rel="stylesheet" href="/assets/${f}" disabled>`);
    expect(head).not.toMatch(/<link rel="stylesheet"[^>]*href="[^"]+"(?! disabled)>/);
    for (const f of Object.keys(files)) await fs.rm(path.join(assets, f));
  });

  it('answers 404 with the not-found screen the renderer says so for', async () => {
    const res = await t.app.inject({ url: '/missing', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('data-url="/missing"');
  });

  it('sends index.html as built when the renderer declines or fails', async () => {
    for (const url of ['/auth/login', '/about-us']) {
      const res = await t.app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="kj-boot">');
      expect(res.body, url).toContain(
        '<script type="module" crossorigin src="/assets/index-e1.js">',
      );
      expect(res.body, url).not.toContain('data-ssr');
    }
  });

  it('gives each rendered page its own ETag and revalidates it', async () => {
    const a = await t.app.inject({ url: '/game/110', headers: html });
    const b = await t.app.inject({ url: '/game/111', headers: html });
    expect(a.headers.etag).not.toBe(b.headers.etag);
    const again = await t.app.inject({
      url: '/game/110',
      headers: { ...html, 'if-none-match': a.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    const other = await t.app.inject({
      url: '/game/111',
      headers: { ...html, 'if-none-match': a.headers.etag as string },
    });
    expect(other.statusCode).toBe(200);
  });

  it('picks up a rebuilt renderer without a restart', async () => {
    await fs.writeFile(
      ssrFile,
      RENDERER.replace("'<main data-url=\"'", '\'<main data-v="2" data-url="\''),
    );
    // A newer modification time than the first write, whatever the file system's resolution.
    const later = new Date(Date.now() + 5_000);
    await fs.utimes(ssrFile, later, later);
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s page cache
    const res = await t.app.inject({ url: '/game/110', headers: html });
    expect(res.body).toContain('<main data-v="2" data-url="/game/110">');
  });

  it('keeps one page per path and the parameters a screen reads, and a bounded number of them', async () => {
    await new Promise((r) => setTimeout(r, 2_100)); // past the 2 s page cache
    const page = async (url: string) => (await t.app.inject({ url, headers: html })).body;
    // A flood of unique query strings no screen reads: one render.
    const first = renderOf(await page(`/news?r=first`));
    expect(first).toBeGreaterThan(0);
    for (let i = 0; i < 50; i += 1) {
      const body = await page(`/news?r=${i}-${Math.random()}`);
      expect(body).toContain('data-url="/news">');
      expect(renderOf(body)).toBe(first);
    }
    // A parameter the screen reads is a page of its own.
    expect(renderOf(await page('/news?category=guide&r=1'))).toBe(first + 1);
    // Unique paths: each is rendered, but the cache keeps at most its bound (200): the oldest
    // goes first, so the first of 250 is rendered again.
    for (let i = 0; i < 250; i += 1) expect(renderOf(await page(`/p/${i}`))).toBe(first + 2 + i);
    expect(renderOf(await page('/p/249'))).toBe(first + 251);
    expect(renderOf(await page('/p/0'))).toBe(first + 252);
  });

  it('renders again once the site content a page carries changes, within the page cache time', async () => {
    const page = async () =>
      renderOf((await t.app.inject({ url: '/game/112', headers: html })).body);
    const first = await page();
    expect(await page()).toBe(first);
    await t.app.repos.notices.create({ companyCode: 'kj', content: '加开一期', sort: 0 });
    const next = await page();
    expect(next).toBeGreaterThan(first);
    expect(await page()).toBe(next);
  });

  it('sends index.html as built, not a place in a long queue, when renders pile up', async () => {
    const release = path.join(path.dirname(ssrFile), 'release');
    // 2 render, 16 wait: the next ones get the plain page at once.
    const held = Array.from({ length: 18 }, (_, i) =>
      t.app.inject({ url: `/news-detail/${i}`, headers: html }),
    );
    await new Promise((r) => setTimeout(r, 200));
    const rushed = await t.app.inject({ url: '/news-detail/extra', headers: html });
    expect(rushed.statusCode).toBe(200);
    expect(rushed.body).toContain('<div id="kj-boot">');
    expect(rushed.body).not.toContain('data-ssr');
    // The queue drains: every held page is rendered.
    await fs.writeFile(release, '');
    const pages = await Promise.all(held);
    await fs.rm(release);
    for (const [i, p] of pages.entries()) expect(p.body).toContain(`data-url="/news-detail/${i}"`);
  });

  it("keeps the server's thread free while a screen renders", async () => {
    const rendering = t.app.inject({ url: '/busy', headers: html });
    await new Promise((r) => setTimeout(r, 300));
    // The render holds its own thread for 3 s: the server answers others meanwhile.
    const started = performance.now();
    const other = await t.app.inject({ url: '/sys-upload/data/json/games.json' });
    expect(other.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_500);
    expect((await rendering).body).toContain('data-url="/busy"');
  });
});
