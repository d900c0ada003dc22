// `npm run screenshots [-- /path …]`: starts the built site on a temporary data dir, takes a phone
// (390×844) and a desktop (1280×800) screenshot of each screen into docs/screenshots/, and composes
// docs/screenshot.png for the README. For looking at what we build, not for asserting.
// SHOOT_DRAWING=1 takes them during a draw of game 120 (three balls of seven entered by hand, the
// stage on), named `…-drawing.png`, and leaves the README picture as it is.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SHOOT_PORT ?? 18_474);
const BASE = `http://127.0.0.1:${PORT}`;
const DEFAULT_ROUTES = [
  '/game/110',
  '/game/120',
  '/live',
  '/lottery-result',
  '/lottery-history',
  '/lottery-trend/110',
  '/news',
  // The newest article, read from the API once the server is up.
  '/news-detail/{news}',
  '/gallery',
  // The picture library's screens: {series} and {issue} are the newest series of game 110 and
  // its newest issue, read from the API once the server is up.
  '/gallery/110/{series}',
  '/gallery/110/{series}/{issue}',
  '/gallery/110/{series}/year/{year}',
  // A real 1993 draw with its prizes (the bundled Hong Kong history).
  '/game/111?issue=1993095',
  '/instruct-api',
  '/contact',
  '/about-us',
  '/ask-question',
  '/team-condition',
  '/disclaimer',
  '/game-info',
  '/more-action',
  '/more-action/tool-assistant',
  '/setting',
  '/auth/login',
  '/auth/register',
  '/no-such-page',
];
/** Shot signed in as a member registered for the purpose. */
const MEMBER_ROUTES = [
  '/profile',
  '/my-message',
  '/user-information',
  '/change-password',
  '/collection',
];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

const routes = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_ROUTES;
const DRAWING = process.env.SHOOT_DRAWING === '1';
const ADMIN_TOKEN = randomBytes(30).toString('base64url');
mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kj-shoot-'));
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_TOKEN,
    // A draw entered by hand is the one due: no simulated draw may take it first (as in e2e).
    ...(DRAWING ? { DRAW_ENGINE: 'off' } : {}),
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/app-api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

/** Game 120 by hand, and three of its seven balls out: a draw under way until the server stops. */
async function startDraw() {
  const admin = { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' };
  const call = async (method: string, url: string, body: unknown) => {
    const res = await fetch(`${BASE}/app-api/admin${url}`, {
      method,
      headers: admin,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
  };
  await call('PUT', '/games/120/source', { source: 'manual' });
  for (const number of ['18', '07', '33']) await call('POST', '/draws/120/balls', { number });
}

/** The routes with the newest article, demo series of game 110 and its newest issue put in. */
async function resolved(list: string[]): Promise<string[]> {
  if (!list.some((r) => r.includes('{'))) return list;
  const news = (await (await fetch(`${BASE}/app-api/api/v2/news?pageSize=1`)).json()) as {
    data: { items?: { id: number }[]; list?: { id: number }[] };
  };
  const article = (news.data.items ?? news.data.list ?? [])[0];
  const res = await fetch(`${BASE}/app-api/api/v2/gallery/series?gameId=110&pageSize=1`);
  const series = ((await res.json()) as { data: { items: { id: number; latestIssue: string }[] } })
    .data.items[0];
  if (!series) throw new Error('no picture series to shoot');
  return list.map((r) =>
    r
      .replace('{news}', String(article?.id ?? 1))
      .replace('{series}', String(series.id))
      .replace('{issue}', series.latestIssue)
      .replace('{year}', series.latestIssue.slice(0, 4)),
  );
}

let member: Promise<string> | undefined;
/** One member for both sizes, registered the way the page does (XSRF pair, form body). */
function memberToken(context: BrowserContext): Promise<string> {
  member ??= (async () => {
    await context.request.get(`${BASE}/app-api/health`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const xsrf = (await context.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN');
    const res = await context.request.post(`${BASE}/app-api/v/user/reg`, {
      form: {
        username: `shoot${Date.now().toString(36).slice(-6)}`,
        password: 'violet-harbour-42',
      },
      headers: { 'X-XSRF-TOKEN': xsrf?.value ?? '' },
    });
    if (!res.ok()) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
    return ((await res.json()) as { data: { token: string } }).data.token;
  })();
  return member;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await waitForServer();
  if (DRAWING) await startDraw();
  for (const size of SIZES) {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      deviceScaleFactor: size.name === 'phone' ? 2 : 1,
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    page.on(
      'console',
      (m) => m.type() === 'error' && console.log(`  console error on ${page.url()}: ${m.text()}`),
    );
    const shoot = async (route: string) => {
      await page.goto(`${BASE}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(600);
      const file = path.join(
        OUT,
        `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '') || 'root'}-${size.name}${DRAWING ? '-drawing' : ''}.png`,
      );
      await page.screenshot({ path: file });
      console.log(file);
    };
    for (const route of await resolved(routes)) await shoot(route);
    if (!process.argv.slice(2).length) {
      const token = await memberToken(context);
      await page.evaluate((t) => localStorage.setItem('access_token', t), token);
      for (const route of MEMBER_ROUTES) await shoot(route);
    }
    await context.close();
  }
  if (!DRAWING) {
    // The README picture: the home screen on a phone beside the desktop.
    const phone = path.join(OUT, 'game_110-phone.png');
    const desktop = path.join(OUT, 'game_110-desktop.png');
    const page = await browser.newPage({ viewport: { width: 1740, height: 844 } });
    const img = (file: string, width: number) =>
      `<img src="data:image/png;base64,${readFileSync(file).toString('base64')}" style="width:${width}px;vertical-align:top;border-radius:12px;margin:0 10px">`;
    await page.setContent(
      `<body style="margin:0;padding:22px 12px;background:#f1f1f4;white-space:nowrap">${img(phone, 390)}${img(desktop, 1280)}</body>`,
    );
    await page.screenshot({ path: path.join(ROOT, 'docs/screenshot.png'), fullPage: true });
    console.log(path.join(ROOT, 'docs/screenshot.png'));
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
