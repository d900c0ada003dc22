// The chat as a process of its own (CHAT_ONLY=true) and a site that points its pages at it with
// CHAT_URL, on the shared PostgreSQL and Redis (run by instances.config.ts): a member on the site's
// page posts, the chat process stores and serves it. The only browser test of this config.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ADMIN_TOKEN } from '../support/draws.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const A = new URL(process.env.E2E_INSTANCE_A!);
const CHAT_PORT = Number(A.port) + 10;
const SITE_PORT = Number(A.port) + 11;
const CHAT = `http://127.0.0.1:${CHAT_PORT}`;
const SITE = `http://127.0.0.1:${SITE_PORT}`;

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-dev-shm-usage',
    ],
  },
  locale: 'zh-CN',
});

function start(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `kj-chat-${port}-`)),
      LOG_LEVEL: 'warn',
      ADMIN_TOKEN,
      DRAW_ENGINE: 'off',
      ...env,
    },
  });
}

async function up(base: string, child: ChildProcess): Promise<void> {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`${base} exited`);
        return fetch(`${base}/app-api/health`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

test('a site with CHAT_URL: its page talks to the chat process, which stores and serves the room', async ({
  page,
  playwright,
}) => {
  test.setTimeout(90_000);
  const chat = start(CHAT_PORT, { CHAT_ONLY: 'true', ALLOWED_ORIGINS: SITE });
  const site = start(SITE_PORT, { CHAT_URL: `${CHAT}/chat-api`, CHAT_IMG_URL: CHAT });
  try {
    await up(CHAT, chat);
    await up(SITE, site);
    // The chat process is the chat alone: no pages, no draws.
    expect((await fetch(`${CHAT}/app-api/api/v2/draws/latest?gameId=110`)).status).toBe(404);
    const config = await (
      await fetch(`${SITE}/game/110`, { headers: { accept: 'text/html' } })
    ).text();
    expect(config).toContain(`${CHAT}/chat-api`);

    const api = await playwright.request.newContext({ baseURL: SITE });
    const token = await registerByApi(api, freshUsername('cox'), 'amber-lantern-73');
    await page.setViewportSize({ width: 1280, height: 800 });
    const refused: string[] = [];
    page.on('console', (m) => m.type() === 'error' && refused.push(m.text()));
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await page.goto(`${SITE}/game/110`);
    await expect(page.getByRole('heading', { name: /聊天室/ })).toBeVisible();
    const text = `独立聊天服务 ${Date.now().toString(36)}`;
    const input = page.getByRole('textbox', { name: /说点什么/ });
    await input.fill(text);
    await input.press('Enter');
    await expect(page.getByRole('log', { name: '聊天消息' }).getByText(text)).toBeVisible();
    const stored = await (await fetch(`${CHAT}/chat-api/rooms/game-110/messages`)).text();
    expect(stored).toContain(text);
    // Nothing was blocked on the way (CSP, CORS, the socket's origin check).
    expect(refused).toEqual([]);
    await api.dispose();
  } finally {
    await stop(site);
    await stop(chat);
  }
});
