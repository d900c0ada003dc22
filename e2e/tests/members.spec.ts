import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectConsoleErrors, freshUsername, registerByApi } from '../support/members.ts';

const FIRST_PASSWORD = 'violet-harbour-42';
const NEW_PASSWORD = 'copper-lantern-77';

test.describe('members', () => {
  // Real scrypt (N = 2^17) runs a handful of times in this journey.
  test.setTimeout(60_000);

  test('register → profile → change password → sign out → sign in → collect → collection → message', async ({
    page,
    consoleErrors,
  }) => {
    const username = freshUsername('walk');

    const page0 = await page.goto(paths.register.href());
    // The page and its reads are public (a CDN may keep them): they bring no anti-forgery
    // cookie. Other answers may (the service worker's script is not public); a visit that holds
    // none when it sends the form asks for one first, then registers with it.
    expect(page0?.headers()['set-cookie']).toBeUndefined();
    expect(page0?.headers()['cache-control']).toMatch(/^public, /);
    await page.getByLabel(/^用户名/).fill(username);
    await page.getByLabel(/^密码/).fill(FIRST_PASSWORD);
    await page.getByLabel(/^昵称/).fill('走走看');
    await page.getByLabel(/^手机号/).fill('13812345678');
    // Once what the page fetches on its own has come (the service worker's script among it, which
    // may carry a token), the visit is left holding none.
    await page.waitForLoadState('networkidle');
    await page.context().clearCookies({ name: 'XSRF-TOKEN' });
    const asked = page.waitForResponse((r) => r.url().endsWith('/app-api/api/v2/xsrf-token'));
    await page.getByRole('button', { name: '注册并登录' }).click();
    expect((await asked).status()).toBe(200);

    await expect(page).toHaveURL(paths.profile.href());
    await expect(page.getByRole('heading', { name: '走走看' })).toBeVisible();
    await expect(page.getByText(`账号 ${username} · 手机 138****78`)).toBeVisible();
    await expect(page.getByText('余额')).toBeVisible();
    await expect(page.getByRole('link', { name: /我的消息（1 条未读）/ })).toBeVisible();

    await page.getByRole('link', { name: '修改密码' }).click();
    await expect(page).toHaveURL(paths.changePassword.href());
    await page.getByLabel(/^原密码/).fill(FIRST_PASSWORD);
    await page.getByLabel(/^新密码/).fill(NEW_PASSWORD);
    await page.getByLabel(/^确认新密码/).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: '确认修改' }).click();
    await expect(page.getByText('登录密码已修改，其他设备需重新登录')).toBeVisible();

    await page.goto(paths.profile.href());
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page.getByRole('heading', { name: '尚未登录' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

    // The old password no longer works; the new one does.
    await page.goto(paths.login.href(paths.newsDetail.href(1)));
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
    expectConsoleErrors(consoleErrors, /status of 400/);
    await page.getByLabel('密码').fill(NEW_PASSWORD);
    // A token the server never signed (as one signed with a key since changed): the sign-in is
    // refused for it once, the page asks for a new one and signs in with that.
    const origin = new URL(page.url()).origin;
    await page
      .context()
      .addCookies([{ name: 'XSRF-TOKEN', value: 'not.signed-here', url: origin }]);
    const renewed = page.waitForResponse((r) => r.url().endsWith('/app-api/api/v2/xsrf-token'));
    await page.getByRole('button', { name: '登录' }).click();
    expect((await renewed).status()).toBe(200);
    expectConsoleErrors(consoleErrors, /status of 403/);

    await expect(page).toHaveURL(paths.newsDetail.href(1));
    const collect = page.getByRole('button', { name: '收藏' });
    await expect(collect).toBeVisible();
    const newsTitle =
      (await page.getByRole('heading', { level: 2 }).first().textContent())?.trim() ?? '';
    expect(newsTitle).not.toBe('');
    await expect(collect).toHaveAttribute('aria-pressed', 'false');
    await collect.click();
    await expect(page.getByRole('button', { name: '已收藏' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await page.goto(paths.collection.href());
    const item = page.getByRole('list', { name: '收藏列表' }).getByRole('link');
    await expect(item).toHaveText(`资讯${newsTitle}`);
    await expect(item).toHaveAttribute('href', paths.newsDetail.href(1));
    await item.click();
    await expect(page).toHaveURL(paths.newsDetail.href(1));

    await page.goto(paths.myMessage.href());
    await expect(page.getByText('1 条未读')).toBeVisible();
    const welcome = page.getByRole('button', { name: /欢迎加入/ });
    await welcome.click();
    await expect(welcome).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/欢迎注册.*会员/)).toBeVisible();
    await expect(page.getByText('没有未读消息')).toBeVisible();
  });

  test('the guard sends a visitor to sign in and back', async ({ page, request }) => {
    const username = freshUsername('guard');
    await registerByApi(request, username, FIRST_PASSWORD);
    await page.goto(paths.collection.href());
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcollection/);
    await page.getByLabel('用户名').fill(username);
    await page.getByLabel('密码').fill(FIRST_PASSWORD);
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page).toHaveURL(paths.collection.href());
    await expect(page.getByRole('heading', { name: '还没有收藏' })).toBeVisible();
  });

  test('an expired token lands on sign-in with the reason shown', async ({
    page,
    consoleErrors,
  }) => {
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('access_token', 'expired-or-made-up-token');
      }
    });
    await page.goto(paths.collection.href());
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcollection/);
    await expect(
      page.getByRole('status').filter({ hasText: '登录已失效，请重新登录' }),
    ).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    expectConsoleErrors(consoleErrors, /status of 400/);
  });
});
