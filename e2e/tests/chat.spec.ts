import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { appReady, expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

// The chat room of a game screen (docs/architecture.md §10), against the real server and its socket.
const GAME = 110;
const ADMIN = '4JrPVCscUHkSlavH5UHg06mfSlGmx4VR-gOKavKg';

async function memberId(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.get('/app-api/api/user/info', { headers: { authorization: token } });
  return ((await res.json()) as { data: { userInfo: { id: number } } }).data.userInfo.id;
}

/** A page of the game screen scrolled to its chat, as `token`'s member (or a visitor). */
async function chatPage(browser: Browser, token?: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  if (token) await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
  await page.goto(paths.game.href(GAME));
  await appReady(page);
  await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: /聊天室/ })).toBeVisible();
  return page;
}

const chatLog = (page: Page) => page.getByRole('log', { name: '聊天消息' });

test.describe('chat', () => {
  test('a visitor reads the room but is asked to sign in to post', async ({ browser }) => {
    const page = await chatPage(browser);
    await expect(page.getByText('登录后参与聊天')).toBeVisible();
    await expect(page.getByRole('textbox', { name: /说点什么/ })).toHaveCount(0);
    await expect(page.locator('.kj-chat__status')).toHaveText(/人在线/);
    // The log holds a real list (a list element given role=log is none, Lighthouse's a11y audit).
    await expect(chatLog(page).getByRole('list')).toBeVisible();
    await page.getByRole('link', { name: '去登录' }).click();
    await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
    await page.context().close();
  });

  test('a visitor who reads Traditional Chinese gets the room in it', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'zh-Hant'));
    await page.goto(paths.game.href(GAME));
    await appReady(page);
    await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
    await expect(page.getByText('登入後參與聊天')).toBeVisible();
    await expect(page.getByRole('log', { name: '聊天訊息' })).toBeVisible();
    await expect(page.locator('.kj-chat__status')).toHaveText(/人在線/);
  });

  test('on /live the room of the game on the stage is beside the board on a wide screen', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.live.href());
    await appReady(page);
    await expect(page.getByRole('heading', { name: /聊天室/ })).toBeInViewport();
    // It stays in sight while the board scrolls.
    await page.evaluate(() => window.scrollTo(0, 1200));
    await expect(page.getByRole('heading', { name: /聊天室/ })).toBeInViewport();
    await expect(page.getByRole('heading', { name: /聊天室/ })).toHaveCount(1);
  });

  test('on a wide screen the room sits beside the draw, without scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(paths.game.href(GAME));
    await appReady(page);
    const heading = page.getByRole('heading', { name: /聊天室/ });
    await expect(heading).toBeInViewport();
    const chat = (await page.locator('.kj-side-chat').boundingBox())!;
    const draw = (await page.locator('.kj-stage-row > :first-child').boundingBox())!;
    expect(chat.x).toBeGreaterThan(draw.x + draw.width - 1);
    expect(Math.abs(chat.y - draw.y)).toBeLessThan(2);
    // One room on the page: the foot's extras leave the chat out here.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('heading', { name: '开奖日历' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /聊天室/ })).toHaveCount(1);
  });

  test('one member posts, another sees it live; a moderator deletes it for both; logout clears the chat tokens', async ({
    browser,
    request,
  }) => {
    const author = await registerByApi(request, freshUsername('chatA'), 'amber-lantern-73');
    const mod = await registerByApi(request, freshUsername('chatM'), 'amber-lantern-73');
    const role = await request.put(
      `/app-api/admin/chat/members/${await memberId(request, mod)}/role`,
      {
        headers: { authorization: `Bearer ${ADMIN}` },
        data: { role: 'moderator' },
      },
    );
    expect(role.ok()).toBe(true);

    const a = await chatPage(browser, author);
    const m = await chatPage(browser, mod);
    const text = `大家好 ${Date.now().toString(36)}`;
    const input = a.getByRole('textbox', { name: /说点什么/ });
    await expect(a.getByRole('button', { name: '发送', exact: true })).toBeDisabled();
    await input.fill(text);
    await input.press('Enter');
    await expect(input).toHaveValue('');
    await expect(chatLog(a).getByText(text)).toBeVisible();
    // The other browser sees it without a reload.
    const seen = chatLog(m).locator('li', { hasText: text });
    await expect(seen).toBeVisible();
    // A picture goes up through the chat's upload and shows in the other browser.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const shown = chatLog(m).getByRole('img', { name: '图片' });
    const before = await shown.count();
    await a
      .getByLabel('发送图片')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await expect(shown).toHaveCount(before + 1);
    // Tokens kept as the spec names them.
    expect(await a.evaluate(() => localStorage.getItem('chat_token'))).toMatch(/^[\w-]{43}$/);
    expect(await a.evaluate(() => localStorage.getItem('chat_login_token'))).toMatch(/^[\w-]{43}$/);

    // The moderator deletes it from the message's menu: it disappears for the author too.
    await seen.locator('summary').click();
    await seen.getByRole('button', { name: '删除' }).click();
    await expect(chatLog(a).getByText(text)).toHaveCount(0);
    await expect(chatLog(m).getByText(text)).toHaveCount(0);

    // Signing out removes both chat tokens.
    await a.goto(paths.profile.href());
    await a.getByRole('button', { name: '退出登录' }).click();
    await expect
      .poll(() =>
        a.evaluate(() => [
          localStorage.getItem('chat_token'),
          localStorage.getItem('chat_login_token'),
        ]),
      )
      .toEqual([null, null]);
    await a.context().close();
    await m.context().close();
  });
});
