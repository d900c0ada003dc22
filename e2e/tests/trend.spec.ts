import type { DrawTrend } from '@kaijiang/domain';
import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const GAME = 120;
const trend = async (page: Page, q: string) => {
  const res = await page.request.get(`/app-api/api/v2/draws/trend?${q}`);
  return ((await res.json()) as { data: DrawTrend }).data;
};
const issues = (page: Page) => page.locator('.kj-trend__issues li');
const header = (page: Page) => page.locator('.kj-trend__head .kj-trend__col');

test.describe('trend charts', () => {
  test('on a phone: the server renders the chart; kind and range switch in place', async ({
    page,
  }) => {
    const expected = await trend(page, `gameId=${GAME}&kind=special&limit=100`);
    await page.goto(paths.lotteryTrend.href(GAME));
    // The server's page already has the rows (the issue column), newest at the foot.
    await expect(issues(page)).toHaveCount(100);
    await expect(issues(page).last()).toContainText(expected.rows.at(-1)!.issue);
    await expect(header(page)).toHaveCount(49);
    const last = expected.rows.at(-1)!;
    await expect(issues(page).last()).toContainText(`第 ${last.issue} 期：${last.hits[0]}`);
    // The four stats rows at the foot, as the API counts them.
    const stats = page.locator('.kj-trend__stats');
    await expect(stats.getByRole('rowheader')).toHaveText([
      '出现次数',
      '最大遗漏',
      '平均遗漏',
      '最大连出',
    ]);
    await expect(stats.getByRole('row').first().getByRole('cell').first()).toHaveText(
      String(expected.stats.appear[0]),
    );

    await appReady(page);
    await page.getByRole('button', { name: '生肖', exact: true }).click();
    await expect(page).toHaveURL(/kind=special-zodiac/);
    await expect(header(page)).toHaveText([
      '鼠',
      '牛',
      '虎',
      '兔',
      '龙',
      '蛇',
      '马',
      '羊',
      '猴',
      '鸡',
      '狗',
      '猪',
    ]);
    await page.getByRole('combobox', { name: '期数' }).selectOption('30');
    await expect(issues(page)).toHaveCount(30);
    await expect(page).toHaveURL(/range=30/);
    // The chart is drawn (a few rows per task): its canvas has pixels where the hits are.
    const painted = () =>
      page
        .locator('.kj-trend__tile')
        .first()
        .evaluate((c: HTMLCanvasElement) => {
          const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let n = 0;
          for (let i = 3; i < d.length; i += 4) if (d[i]! > 0) n++;
          return n;
        });
    await expect.poll(painted).toBeGreaterThan(1000);
    // Omissions can be hidden, and the choice is in the address.
    await page.getByRole('checkbox', { name: '显示遗漏' }).uncheck();
    await expect(page).toHaveURL(/misses=off/);
  });

  // A finished draw becoming a new row live is checked by live-draw.spec.ts, on the same draw.
  test('on a desktop the chart uses the width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${paths.lotteryTrend.href(GAME)}?kind=special-tail&range=30`);
    await appReady(page);
    await expect(header(page)).toHaveCount(10);
    await expect(issues(page)).toHaveCount(30);
    const box = await page.locator('.kj-trend__scroll').boundingBox();
    expect(box!.width).toBeGreaterThan(900);
    // Ten columns fit without scrolling sideways.
    const fits = await page
      .locator('.kj-trend__scroll')
      .evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    // Four columns fill the card too: no empty half beside the chart.
    await page.getByRole('button', { name: '大小单双' }).click();
    await expect(header(page)).toHaveCount(4);
    const fill = await page
      .locator('.kj-trend__scroll')
      .evaluate(
        (el) =>
          el.querySelector('.kj-trend__sheet')!.getBoundingClientRect().width / el.clientWidth,
      );
    expect(fill).toBeGreaterThan(0.9);
    // Every kind is in sight: the kinds wrap on a wide screen instead of scrolling sideways.
    const kinds = page.locator('.kj-trend__kinds');
    expect(await kinds.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test('a visitor who reads Traditional Chinese gets the chart and the shell in it', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'zh-Hant'));
    await page.goto(`${paths.lotteryTrend.href(GAME)}?kind=special-size-parity&range=30`);
    await appReady(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('走勢圖');
    await expect(page.getByRole('button', { name: '大小單雙', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(header(page)).toHaveText(['大單', '大雙', '小單', '小雙']);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
  });
});
