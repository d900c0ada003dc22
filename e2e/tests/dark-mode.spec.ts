import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { measureTheme } from '../support/contrast.ts';
import { expect, test } from '../support/fixtures.ts';
import { expectConsoleErrors, freshUsername, lookingMemberToken } from '../support/members.ts';

/** The screens a visitor reaches without signing in, and their headings. */
const PUBLIC: [string, string][] = [
  [paths.game.href(110), '新澳门六合彩'],
  [paths.game.href(120), '极速六合彩'],
  [paths.live.href(), '开奖直播'],
  [paths.lotteryResult.href(), '开奖结果'],
  [paths.lotteryHistory.href(), '历史开奖'],
  [paths.news.href(), '资讯'],
  [paths.newsDetail.href(1), '资讯详情'],
  [paths.gallery.href(), '图库'],
  [paths.instructApi.href(), '接口说明'],
  [paths.contact.href(), '联系客服'],
  [paths.teamCondition.href(), '合作条件'],
  [paths.aboutUs.href(), '关于我们'],
  [paths.askQuestion.href(), '常见问题'],
  [paths.disclaimer.href(), '免责声明'],
  [paths.gameInfo.href(), '彩种资料'],
  [paths.moreAction.href(), '更多'],
  [paths.toolAssistant.href(), '工具助手'],
  [paths.profile.href(), '我的'],
  [paths.myMessage.href(), '我的消息'],
  [paths.setting.href(), '设置'],
  [paths.login.href(), '登录'],
  [paths.register.href(), '注册'],
  ['/no/such/page', '页面不存在'],
];

/** The screens behind sign-in. */
const MEMBER: [string, string][] = [
  [paths.profile.href(), '我的'],
  [paths.myMessage.href(), '我的消息'],
  [paths.collection.href(), '我的收藏'],
  [paths.userInformation.href(), '个人资料'],
  [paths.changePassword.href(), '修改密码'],
];

/** Waits until the screen shows its data rather than loading placeholders. */
async function settle(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('.kj-skeleton')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** Dark page, and every piece of text readable on what is behind it; no light boxes left. */
async function expectReadableDark(page: Page): Promise<void> {
  const report = await measureTheme(page);
  expect(report.theme).toBe('dark');
  // #111214 is 0.006; anything above 0.02 is no longer a dark page.
  expect(report.bodyLuminance).toBeLessThan(0.02);
  expect(report.columnLuminance).toBeLessThan(0.02);
  expect(report.checked, 'text measured').toBeGreaterThan(3);
  expect(report.problems, 'text under WCAG AA contrast').toEqual([]);
  expect(report.lightBoxes, 'light boxes in dark mode').toEqual([]);
}

test.describe('dark mode (system setting)', () => {
  test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });

  for (const [path, heading] of PUBLIC) {
    test(`${path} is dark and readable`, async ({ page }) => {
      await page.goto(path);
      await settle(page, heading);
      await expectReadableDark(page);
    });
  }

  test('the member screens are dark and readable', async ({ page, request }) => {
    const token = await lookingMemberToken(request);
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    for (const [path, heading] of MEMBER) {
      await page.goto(path);
      await settle(page, heading);
      await expectReadableDark(page);
    }
  });

  test('the statistics of the history screen are readable', async ({ page }) => {
    await page.goto(paths.lotteryHistory.href());
    await settle(page, '历史开奖');
    await page.getByRole('tab', { name: '统计分析' }).click();
    await expect(page.getByRole('tab', { name: '统计分析' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.locator('.kj-skeleton')).toHaveCount(0);
    await expect(page.locator('.kj-stats')).toBeVisible();
    await expectReadableDark(page);
  });

  test('form errors are readable', async ({ page, consoleErrors }) => {
    await page.goto(paths.login.href());
    await settle(page, '登录');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.locator('.kj-field__error')).toHaveCount(2);
    await expectReadableDark(page);

    await page.getByLabel('用户名').fill(freshUsername('nobody'));
    await page.getByLabel('密码').fill('violet-harbour-42');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('alert')).toHaveText('用户名或密码错误');
    expectConsoleErrors(consoleErrors, /status of 400/);
    await expectReadableDark(page);

    await page.goto(paths.askQuestion.href());
    await settle(page, '常见问题');
    await page.getByRole('button', { name: '提交问题' }).click();
    await expect(page.locator('.kj-field__error').first()).toBeVisible();
    await expectReadableDark(page);
  });
});

test.describe('dark mode chosen in /setting', () => {
  // The device is light: only the stored choice can make the page dark.
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' });

  test('深色 turns the site dark and stays after a reload', async ({ page }) => {
    await page.goto(paths.setting.href());
    await settle(page, '设置');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');

    await page.getByRole('radio', { name: '深色' }).check();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expectReadableDark(page);

    await page.reload();
    await settle(page, '设置');
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('radio', { name: '深色' })).toBeChecked();
    await expectReadableDark(page);

    await page.goto(paths.game.href(110));
    await settle(page, '新澳门六合彩');
    await expectReadableDark(page);

    // And back: 浅色 wins over the stored dark.
    await page.goto(paths.setting.href());
    await page.getByRole('radio', { name: '浅色' }).check();
    await expect(html).toHaveAttribute('data-theme', 'light');
    const light = await measureTheme(page);
    expect(light.bodyLuminance).toBeGreaterThan(0.8);
  });
});

test.describe('the theme of the first paint', () => {
  /**
   * The theme <html> has when the page's HTML is parsed, before any module of the app has run
   * (the server-rendered screen is on show by then), and whether the app had started.
   */
  async function firstTheme(page: Page, url: string) {
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as { __kjFirst?: unknown }).__kjFirst = {
          theme: document.documentElement.dataset.theme,
          started: document.getElementById('root')?.hasAttribute('data-started') ?? null,
          rendered: document.getElementById('root')?.hasAttribute('data-ssr') ?? null,
        };
      });
    });
    await page.goto(url);
    return page.evaluate(() => (window as { __kjFirst?: unknown }).__kjFirst);
  }

  test.describe('on a dark device', () => {
    test.use({ colorScheme: 'dark' });
    test('a server-rendered screen is dark from its first paint', async ({ page }) => {
      expect(await firstTheme(page, paths.game.href(110))).toEqual({
        theme: 'dark',
        started: false,
        rendered: true,
      });
    });
  });

  test.describe('on a light device', () => {
    test.use({ colorScheme: 'light' });
    test('深色 chosen in /setting is dark from the first paint; 浅色 and the system are light', async ({
      page,
    }) => {
      expect(await firstTheme(page, paths.news.href())).toMatchObject({ theme: 'light' });
      await page.goto(paths.setting.href());
      await page.getByRole('radio', { name: '深色' }).check();
      expect(await firstTheme(page, paths.news.href())).toEqual({
        theme: 'dark',
        started: false,
        rendered: true,
      });
      await page.goto(paths.setting.href());
      await page.getByRole('radio', { name: '浅色' }).check();
      expect(await firstTheme(page, paths.news.href())).toMatchObject({ theme: 'light' });
    });

    test('a choice stored before the first-paint copy existed is dark from the next page on', async ({
      page,
    }) => {
      await page.goto(paths.news.href());
      await page.evaluate(() => localStorage.setItem('theme', 'dark'));
      // This load's app reads the stored choice and keeps the copy the next page's head reads.
      await page.reload();
      expect(await firstTheme(page, paths.news.href())).toEqual({
        theme: 'dark',
        started: false,
        rendered: true,
      });
    });
  });
});
