import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, registerByApi } from '../support/members.ts';

/** Every public route of spec §2 and the heading a visitor should see there. */
const PUBLIC: [string, string | RegExp][] = [
  [paths.login.href(), '登录'],
  [paths.register.href(), '注册'],
  [paths.news.href(), '资讯'],
  [paths.live.href(), '开奖直播'],
  [paths.lotteryResult.href(), '开奖结果'],
  [paths.lotteryHistory.href(), '历史开奖'],
  [paths.instructApi.href(), '接口说明'],
  [paths.contact.href(), '联系客服'],
  [paths.teamCondition.href(), '合作条件'],
  [paths.aboutUs.href(), '关于我们'],
  [paths.askQuestion.href(), '常见问题'],
  [paths.disclaimer.href(), '免责声明'],
  [paths.myMessage.href(), '我的消息'],
  [paths.profile.href(), '我的'],
  [paths.setting.href(), '设置'],
  [paths.gameInfo.href(), '彩种资料'],
  [paths.gallery.href(), '图库'],
  [paths.game.href(111), '香港六合彩'],
  [paths.game.href(120), '极速六合彩'],
  [paths.newsDetail.href(1), '资讯详情'],
  [paths.moreAction.href(), '更多'],
  [paths.toolAssistant.href(), '工具助手'],
];

const PROTECTED = [paths.changePassword, paths.userInformation, paths.collection];

test.describe('routes', () => {
  for (const [path, heading] of PUBLIC) {
    test(`${path} shows its screen`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveURL(path);
      // The shell is there too: a visitor can always move on (sign-in screens are overlays with a
      // back button instead of the tab bar).
      const way = path.startsWith('/auth/')
        ? page.getByRole('banner').getByRole('button', { name: '返回' })
        : page.getByRole('navigation', { name: '主导航' });
      await expect(way).toBeVisible();
    });
  }

  test('/ goes to the first game', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(paths.game.href(110));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳门六合彩');
  });

  test('/auth goes to sign-in', async ({ page }) => {
    await page.goto(paths.auth.href());
    await expect(page).toHaveURL(paths.login.href());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录');
  });

  test('an unknown path shows the not-found screen with a way home', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    // The screen, but not a soft 404: search engines must not index it as a page.
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('页面不存在');
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(paths.game.href(110));
  });

  for (const route of PROTECTED) {
    test(`${route.path} sends a visitor without a token to sign-in`, async ({ page }) => {
      await page.goto(route.href());
      await expect(page).toHaveURL(/\/auth\/login/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('登录');
      expect(new URL(page.url()).searchParams.get('redirect')).toBe(route.href());
    });
  }

  test('a stored access_token lets the visitor through the guard', async ({ page, request }) => {
    // A real token: the collection screen asks the server, which bounces a made-up one.
    const token = await registerByApi(request, freshUsername('routes'), 'violet-harbour-42');
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await page.goto(paths.collection.href());
    await expect(page).toHaveURL(paths.collection.href());
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('登录');
  });

  test('the start-up loader fades out and leaves', async ({ page }) => {
    await page.goto(paths.game.href(110));
    await expect(page.locator('#kj-boot')).toHaveCount(0, { timeout: 5000 });
  });
});
