import { ballLabel } from '@kaijiang/domain';
import type { Locator, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const GAME = 110;
const history = (query: string) => `${paths.lotteryHistory.href()}?${query}`;
const rows = (page: Page) => page.locator('li.kj-hrow');
const issuesOf = (list: Locator) =>
  list.evaluateAll((els) => els.map((e) => e.getAttribute('data-issue')));

test.describe('lottery history', () => {
  test("pages through every year of a game; the rows are the API's", async ({ page, request }) => {
    const all = await drawApi.history(request, { gameId: GAME });
    // The demo history covers at least three years.
    expect(all.years.length).toBeGreaterThanOrEqual(3);

    await page.goto(history(`game=${GAME}`));
    await expect(rows(page)).toHaveCount(20);
    expect(await issuesOf(rows(page))).toEqual(all.items.map((d) => d.issue));
    // Each row shows its balls named by colour and zodiac in the draw's lunar year.
    const first = all.items[0]!;
    const firstRow = rows(page).first();
    await expect(firstRow.getByRole('img')).toHaveCount(7);
    for (const n of first.numbers) {
      await expect(
        firstRow.getByRole('img', { name: ballLabel(n, first.lunarYear), exact: true }),
      ).toBeVisible();
    }
    await expect(firstRow).toContainText(
      `总和${first.sum!.sum}${first.sum!.sizeZh}${first.sum!.parityZh}`,
    );

    // The rows are in the server's HTML: wait for the app before choosing a year.
    await appReady(page);
    const select = page.getByRole('combobox', { name: '年份' });
    for (const year of all.years) {
      const expected = await drawApi.history(request, { gameId: GAME, year });
      await select.selectOption(String(year));
      await expect(page).toHaveURL(history(`game=${GAME}&year=${year}`));
      await expect.poll(() => issuesOf(rows(page))).toEqual(expected.items.map((d) => d.issue));
      await expect(page.getByText(`共 ${expected.total} 期`)).toBeVisible();
      await expect(page.getByRole('link', { name: /CSV/ })).toHaveAttribute(
        'href',
        `/app-api/api/v2/draws/export.csv?gameId=${GAME}&year=${year}`,
      );
    }

    // Page forward within a year: the next page is appended, exactly the API's page 2.
    const year = all.years[1]!;
    await select.selectOption(String(year));
    const [page1, page2] = await Promise.all([
      drawApi.history(request, { gameId: GAME, year, page: 1 }),
      drawApi.history(request, { gameId: GAME, year, page: 2 }),
    ]);
    await expect.poll(() => issuesOf(rows(page))).toEqual(page1.items.map((d) => d.issue));
    await page.getByRole('button', { name: '加载更多' }).click();
    await expect(rows(page)).toHaveCount(40);
    expect(await issuesOf(rows(page))).toEqual(
      [...page1.items, ...page2.items].map((d) => d.issue),
    );

    // Scrolling to the end loads the page after without a click.
    await rows(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(rows(page)).toHaveCount(60);
  });

  test('the CSV link downloads that year of the game', async ({ page, request }) => {
    const { years } = await drawApi.history(request, { gameId: GAME });
    await page.goto(history(`game=${GAME}&year=${years[0]}`));
    const href = await page.getByRole('link', { name: /CSV/ }).getAttribute('href');
    const csv = await request.get(href!);
    expect(csv.ok()).toBe(true);
    expect(csv.headers()['content-type']).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\n');
    const newest = (await drawApi.history(request, { gameId: GAME, year: years[0] })).items[0]!;
    expect(lines.at(-1)).toContain(newest.issue);
  });

  test("the statistics tab shows the API's hot numbers and is kept in the URL", async ({
    page,
    request,
  }) => {
    const stats = await drawApi.stats(request, GAME);
    await page.goto(history(`game=${GAME}`));
    await appReady(page);
    await page.getByRole('tab', { name: '统计分析' }).click();
    await expect(page).toHaveURL(history(`game=${GAME}&tab=stats`));
    const hot = page.getByRole('list', { name: '热门号码' });
    await expect(hot.getByRole('img')).toHaveCount(stats.hot.length);
    const names = await hot
      .getByRole('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!.slice(0, 2)));
    expect(names).toEqual(stats.hot.map((h) => h.number));
    await expect(page.getByRole('table', { name: '波色' })).toBeAttached();
    await page.reload();
    await expect(page.getByRole('tab', { name: '统计分析', selected: true })).toBeVisible();
    await expect(page.getByRole('list', { name: '热门号码' })).toBeVisible();
  });
});
