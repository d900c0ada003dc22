import { ballLabel } from '@kaijiang/domain';
import type { Locator, Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';
import { SIZES } from '../support/layout.ts';

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

  test("a desktop reads 60 draws a page, added below the server's 20 without moving them", async ({
    page,
    request,
  }) => {
    await page.setViewportSize(SIZES.desktop);
    // Every layout shift from the first paint on, as the browser scores them (CLS).
    await page.addInitScript(() => {
      const w = window as unknown as { kjShift: number };
      w.kjShift = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number }[]) w.kjShift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const pages = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) => drawApi.history(request, { gameId: GAME, page: n })),
    );
    const issues = pages.flatMap((p) => p.items.map((d) => d.issue));
    expect(issues.length).toBe(120);

    // The server renders the phone's page of 20 for every visitor (one HTML for both widths).
    const html = await (
      await request.get(history(`game=${GAME}`), { headers: { accept: 'text/html' } })
    ).text();
    expect(html.match(/<li[^>]* data-issue=/g), html.slice(0, 2000)).toHaveLength(20);

    await page.goto(history(`game=${GAME}`));
    await expect(rows(page)).toHaveCount(60);
    expect(await issuesOf(rows(page))).toEqual(issues.slice(0, 60));
    await expect(page.getByText(`已显示 60 / ${pages[0]!.total} 期`)).toBeVisible();
    const shift = await page.evaluate(() => (window as unknown as { kjShift: number }).kjShift);
    expect(shift).toBeLessThan(0.01);
    // A table of a line a draw: the screen holds many (issue 43 counted 3.5 before).
    const perScreen = await rows(page).evaluateAll(
      (els, height) => els.filter((e) => e.getBoundingClientRect().bottom <= height).length,
      SIZES.desktop.height,
    );
    expect(perScreen).toBeGreaterThanOrEqual(10);

    // The next page is 60 more, as the end comes into view (the footer's button does the same;
    // clicking it scrolls it into view, which may already have asked for that page).
    await expect(page.getByRole('button', { name: '加载更多' })).toBeEnabled();
    await page.locator('.kj-hlist__foot').scrollIntoViewIfNeeded();
    await expect(rows(page)).toHaveCount(120);
    expect(await issuesOf(rows(page))).toEqual(issues);
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
