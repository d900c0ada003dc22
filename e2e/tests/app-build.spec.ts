// The `app` build (npm run build:app) served from its own origin (playwright.config.ts: the API
// server's port + 1), talking to the real server through the address stored in settings.
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { ballLabel, lunarYearOf } from '@kaijiang/domain';
import { contentApi } from '../support/content.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

// No test of the main project enters balls on 110, whose due draw the demo history leaves open.
const GAME = 110;

function appShell(baseURL: string): string {
  const u = new URL(baseURL);
  u.port = String(Number(u.port) + 1);
  return u.origin;
}

/** Opens a hash route of the app build with the API address stored, as a configured app would. */
async function openApp(
  page: Page,
  baseURL: string,
  route: string,
  apiUrl: string | null = baseURL,
) {
  await page.addInitScript((api) => {
    if (api && location.protocol.startsWith('http'))
      localStorage.setItem('apiUrl', `${api}/app-api`);
  }, apiUrl);
  await page.goto(`${appShell(baseURL)}/#${route}`);
}

/** The operator enters every ball of the draw; the card shows each one as it comes. */
async function drawLive(request: APIRequestContext, card: Locator) {
  const before = await drawApi.latest(request, GAME);
  const numbers = freshNumbers(before.status === 'drawing' ? before.numbers : []);
  for (const number of numbers) {
    const snap = await drawApi.enterBall(request, GAME, number);
    const year = lunarYearOf(new Date(snap.drawAt));
    await expect(card.getByRole('img', { name: ballLabel(number, year) })).toBeVisible();
  }
}

test.describe('app build on its own origin', () => {
  test('home: hash routing, data from the API origin, a live draw ball by ball', async ({
    page,
    request,
    baseURL,
  }) => {
    await drawApi.setSource(request, GAME, 'manual');
    await openApp(page, baseURL!, `/game/${GAME}`);
    expect(new URL(page.url()).origin).toBe(appShell(baseURL!));
    const card = page.getByRole('region', { name: '新澳门六合彩', exact: true });
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();
    // Navigation stays in the hash.
    const games = page.getByRole('navigation', { name: '彩种' });
    await games.getByRole('link', { name: /香港六合彩/ }).click();
    await expect(page).toHaveURL(`${appShell(baseURL!)}/#/game/111`);
    await games.getByRole('link', { name: /新澳门六合彩/ }).click();
    await expect(page).toHaveURL(`${appShell(baseURL!)}/#/game/${GAME}`);
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();

    try {
      await drawLive(request, card);
    } finally {
      await drawApi.setSource(request, GAME, 'simulator');
    }
  });

  test('history lists the API’s draws', async ({ page, request, baseURL }) => {
    // 111: the live draw of this file is on 110 and would add a row meanwhile.
    const all = await drawApi.history(request, { gameId: 111 });
    await openApp(page, baseURL!, '/lottery-history?game=111');
    const rows = page.locator('li.kj-hrow');
    await expect(rows).toHaveCount(20);
    const first = all.items[0]!;
    for (const n of first.numbers) {
      await expect(
        rows.first().getByRole('img', { name: ballLabel(n, first.lunarYear), exact: true }),
      ).toBeVisible();
    }
  });

  test('news: images come from the API origin', async ({ page, request, baseURL }) => {
    const first = await contentApi.news(request, { pageSize: 10 });
    await openApp(page, baseURL!, '/news');
    const list = page.getByRole('list', { name: '资讯列表' });
    await expect(list.getByRole('listitem').first()).toContainText(first.items[0]!.title);
    // A seeded item whose cover is an image on the server (others may have broken covers).
    const item = (await contentApi.news(request, { category: 'guide', pageSize: 50 })).items.find(
      (n) => n.title.includes('波色'),
    )!;
    await page.goto(`${appShell(baseURL!)}/#/news-detail/${item.id}`);
    const loaded = page.getByRole('article').locator('.kj-lazy-image[data-state="loaded"] img');
    await expect(loaded.first()).toBeVisible();
    expect(await loaded.first().getAttribute('src')).toMatch(new RegExp(`^${baseURL}/sys-upload/`));
  });

  test('a member signs in across origins and sees the profile', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const username = freshUsername('app');
    const password = 'amber-kettle-58';
    await registerByApi(request, username, password);
    await openApp(page, baseURL!, '/auth/login');
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(password);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).not.toHaveURL(/#\/auth\/login/);
    await page.goto(`${appShell(baseURL!)}/#/profile`);
    await expect(page.getByText(`账号 ${username}`)).toBeVisible();
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('heading', { name: '尚未登录' })).toBeVisible();
  });

  test('setting: the API address is required and gets /app-api appended', async ({
    page,
    baseURL,
  }) => {
    await openApp(page, baseURL!, '/setting', null);
    const field = page.getByRole('textbox', { name: '接口地址' });
    await field.fill('');
    await page.getByRole('button', { name: '保存并重新加载' }).click();
    await expect(page.getByRole('alert')).toHaveText('请填写接口地址');
    await field.fill(baseURL!);
    await page.getByRole('button', { name: '保存并重新加载' }).click();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('apiUrl')))
      .toBe(`${baseURL}/app-api`);
    // After the reload the app reads its data from that address.
    await expect(page.getByRole('radiogroup', { name: '外观' })).toBeVisible();
  });

  test('chat: a member of the app build posts in the room, through the API origin', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const token = await registerByApi(request, freshUsername('appchat'), 'amber-kettle-58');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await openApp(page, baseURL!, `/game/${GAME}`);
    // Beside the draw on a wide screen, the chat's address taken from the stored API origin. The
    // message is typed at once: before the socket has signed in, it must still go (a race that
    // used to lose a member's first message).
    await expect(page.getByRole('heading', { name: /聊天室/ })).toBeVisible();
    const text = `应用里的消息 ${Date.now().toString(36)}`;
    const input = page.getByRole('textbox', { name: /说点什么/ });
    await input.fill(text);
    await input.press('Enter');
    await expect(page.getByRole('log', { name: '聊天消息' }).getByText(text)).toBeVisible();
    // The server stored it: the room's history on the API origin has it.
    await expect
      .poll(async () =>
        JSON.stringify(await (await request.get(`/chat-api/rooms/game-${GAME}/messages`)).json()),
      )
      .toContain(text);
    // The chat tokens the spec names are kept in the app's storage.
    expect(await page.evaluate(() => localStorage.getItem('chat_token'))).toBeTruthy();
  });
});
