// `npm run screenshots:console`: the operator console's screens at 390×844 and 1280×800 into
// docs/screenshots/console-*.png. Starts the built site on a temporary data dir, makes the first
// owner with the command line, enrols its second factor as a browser would, and puts a draw,
// members and a question there so no screen is shot empty. For looking, not for asserting.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, type Page } from 'playwright-core';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'docs/screenshots');
const PORT = Number(process.env.SHOOT_PORT ?? 18_475);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'harbour-violet-2026';
const ADMIN_TOKEN = 'shoot-Vx3kP9qLm2Rt7Zs4Nw8Yb6Hc1Jd5Fg0Ke';

mkdirSync(OUT, { recursive: true });
const dataDir = mkdtempSync(path.join(tmpdir(), 'kj-shoot-console-'));
const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
  cwd: ROOT,
  env: { ...env, PORT: String(PORT), HOST: '127.0.0.1', ADMIN_TOKEN, DRAW_ENGINE: 'off' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${BASE}/app-api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const admin = (method: string, url: string, body?: unknown) =>
  fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

let link = '';
async function signIn(page: Page) {
  // The first visit is through the one-time link the command printed.
  await page.goto(`${BASE}/admin/enrol#${link}`);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByTestId('totp-secret').waitFor();
  return page;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  await waitForServer();
  const made = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'apps/server/src/cli/operator.ts'),
      'add',
      '--username',
      'boss',
      '--role',
      'owner',
    ],
    { input: `${PASSWORD}\n`, env, encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(made.stderr);
  link = /\/admin\/enrol#([A-Za-z0-9_-]{43})/.exec(made.stdout)?.[1] ?? '';
  // A draw half-way through, watched live by a visitor (the dashboard's fan-out figure), a
  // question waiting, a few members.
  await admin('PUT', '/app-api/admin/games/110/source', { source: 'manual' });
  const viewer = await browser.newPage();
  await viewer.goto(`${BASE}/game/110`);
  await viewer.getByRole('status', { name: '实时连接：实时' }).first().waitFor();
  for (const n of ['07', '23', '41'])
    await admin('POST', '/app-api/admin/draws/110/balls', { number: n });
  // Members and a visitor's question, sent as the site's pages send them (anti-forgery pair).
  const res = await fetch(`${BASE}/app-api/health`, {
    headers: { 'sec-fetch-site': 'same-origin' },
  });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '';
  const site = (url: string, body: string, type: string) =>
    fetch(`${BASE}${url}`, {
      method: 'POST',
      headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'content-type': type },
      body,
    });
  for (const [i, name] of ['lucky888', 'hk_fan', 'macau2026', 'jade_li'].entries()) {
    const form = new URLSearchParams({
      username: name,
      password: PASSWORD,
      nickname: ['幸运星', '港迷', '澳门仔', '李玉'][i]!,
    });
    await site('/app-api/v/user/reg', form.toString(), 'application/x-www-form-urlencoded');
  }
  await site(
    '/app-api/api/v2/questions',
    JSON.stringify({
      name: '陈先生',
      contact: 'chen@example.com',
      content: '请问香港六合彩的派彩什么时候公布？',
    }),
    'application/json',
  );

  const context = await browser.newContext({ locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log(`  console error: ${m.text()}`));
  // Sign-in and enrolment first, signed out.
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    await page.goto(`${BASE}/admin`);
    await page.getByRole('heading', { name: '登录管理后台' }).waitFor();
    await page.screenshot({ path: path.join(OUT, `console-signin-${size.name}.png`) });
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await page.screenshot({ path: path.join(OUT, 'console-enrol-phone.png') });
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel('验证器中的 6 位验证码').fill(code);
  await page.getByRole('button', { name: '启用两步验证' }).click();
  await page.getByRole('heading', { name: '恢复码' }).waitFor();
  await page.screenshot({ path: path.join(OUT, 'console-recovery-phone.png') });
  await page.getByLabel('我已保存恢复码').check();
  await page.getByRole('button', { name: '进入管理后台' }).click();
  await page.getByRole('heading', { name: '概览', level: 1 }).waitFor();
  await page.goto(`${BASE}/admin/operators`);
  await page.getByLabel('用户名').fill('drawer');
  await page.getByLabel('初始密码').fill(PASSWORD);
  await page.getByLabel('角色', { exact: true }).selectOption('draw');
  await page.getByRole('button', { name: '添加', exact: true }).click();
  await page.getByText('已添加 drawer').waitFor();

  const screens: [string, string][] = [
    ['dashboard', '/admin'],
    ['desk', '/admin/desk?game=110'],
    ['games', '/admin/games?game=110'],
    ['news', '/admin/news'],
    ['news-editor', '/admin/news/1'],
    ['gallery', '/admin/gallery?game=110'],
    ['gallery-comments', '/admin/gallery?tab=comments'],
    ['site', '/admin/site'],
    ['site-home', '/admin/site?tab=home'],
    ['site-company', '/admin/site?tab=company'],
    ['site-team', '/admin/site?tab=team'],
    ['games-111', '/admin/games?game=111'],
    ['questions', '/admin/questions'],
    ['members', '/admin/members'],
    ['chat', '/admin/chat'],
    ['operators', '/admin/operators'],
    ['audit', '/admin/audit'],
  ];
  for (const size of [
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    for (const [name, url] of screens) {
      await page.goto(`${BASE}${url}`, { waitUntil: 'networkidle' });
      if (name === 'desk') {
        await page
          .getByRole('group', { name: '选择号码' })
          .getByRole('button', { name: '18', exact: true })
          .click();
      }
      await page.waitForTimeout(300);
      const file = path.join(OUT, `console-${name}-${size.name}.png`);
      await page.screenshot({ path: file, fullPage: size.name === 'desktop' });
      console.log(file);
    }
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
}
