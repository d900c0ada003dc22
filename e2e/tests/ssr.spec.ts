// The first screens the server renders: their content is in the HTML itself (a visitor without
// JavaScript sees it), and the web app takes it over without asking for it again and without
// showing a loading skeleton in between.
import { ballLabel } from '@kaijiang/domain';
import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { contentApi } from '../support/content.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const newsList = (page: Page) => page.getByRole('list', { name: '资讯列表' });
const newsTitles = (page: Page) => newsList(page).locator('.kj-news-card__title').allTextContents();
const seriesNames = (page: Page) =>
  page.locator('.kj-gallery-grid .kj-gallery-card__name').allTextContents();
const historyIssues = (page: Page) =>
  page.locator('li.kj-hrow').evaluateAll((els) => els.map((e) => e.getAttribute('data-issue')));

/**
 * Other tests publish news meanwhile, and the server reuses a rendered page for 2 s: load `url`
 * until what it shows is what the API answers at that moment.
 */
async function expectShown<T>(
  page: Page,
  url: string,
  shown: () => Promise<T>,
  expected: () => Promise<T>,
) {
  await expect
    .poll(
      async () => {
        await page.goto(url);
        return JSON.stringify(await shown()) === JSON.stringify(await expected());
      },
      { intervals: [500, 1000, 2000] },
    )
    .toBe(true);
}

test.describe('server-rendered first screens, without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/game/110 shows the latest draw', async ({ page, request }) => {
    const latest = await drawApi.latest(request, 110);
    expect(latest.numbers.length).toBeGreaterThan(0);
    await page.goto(paths.game.href(110));
    const card = page.locator('section.kj-latest[data-game="110"]');
    await expect(card).toContainText(latest.issue);
    for (const n of latest.numbers) {
      await expect(
        card.getByRole('img', { name: ballLabel(n, latest.lunarYear), exact: true }),
      ).toBeVisible();
    }
  });

  test('/news shows the first news of each tab', async ({ page, request }) => {
    await expectShown(
      page,
      paths.news.href(),
      () => newsTitles(page),
      async () => (await contentApi.news(request, { pageSize: 10 })).items.map((n) => n.title),
    );
    await expect(newsList(page).getByRole('listitem')).toHaveCount(10);
    await expect(page.getByRole('button', { name: '加载更多' })).toBeVisible();
    await expectShown(
      page,
      `${paths.news.href()}?category=guide`,
      () => newsTitles(page),
      async () =>
        (await contentApi.news(request, { category: 'guide', pageSize: 10 })).items.map(
          (n) => n.title,
        ),
    );
    await expect(page.getByRole('tab', { name: '玩法解读' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('/gallery shows the series of the game in the address, most viewed first', async ({
    page,
    request,
  }) => {
    for (const [url, gameId, name] of [
      [paths.gallery.href(), 110, '新澳门六合彩图纸系列'],
      [`${paths.gallery.href()}?game=120`, 120, '极速六合彩图纸系列'],
    ] as const) {
      await expectShown(
        page,
        url,
        () => seriesNames(page),
        async () => (await contentApi.series(request, { gameId })).items.map((s) => s.name),
      );
      const grid = page.getByRole('list', { name });
      await expect(grid.getByRole('listitem').first()).toBeVisible();
      await expect(grid.getByRole('link').first()).toHaveAttribute(
        'href',
        new RegExp(`^/gallery/${gameId}/\\d+$`),
      );
      // Covers keep their box before they load (no layout shift) and wait below the fold.
      const img = grid.locator('img').first();
      await expect(img).toHaveAttribute('width', /^\d+$/);
      await expect(grid.locator('img[loading="lazy"]').first()).toBeAttached();
    }
  });

  test('the viewer renders the issue the address asks for, in the version it asks for', async ({
    page,
    request,
  }) => {
    const series = (await contentApi.series(request, { gameId: 110, q: 'pgt' })).items[0]!;
    const issue = await contentApi.seriesIssue(request, series.id, series.latestIssue!);
    const mono = issue.pictures.find((p) => p.variant === 'mono')!;
    const url = `${paths.galleryIssue.href(110, series.id, issue.issue)}?v=mono`;
    const html = await (await request.get(url)).text();
    expect(html).toContain('data-ssr');
    expect(html).toContain(mono.image.phone);
    await page.goto(url);
    await expect(
      page.getByRole('heading', { level: 2, name: `${series.name} 第 ${issue.issue} 期` }),
    ).toBeVisible();
    await expect(page.locator('.kj-viewer img')).toHaveAttribute('width', String(mono.image.width));
  });

  test('/lottery-history shows the draws of the game and year in the address', async ({
    page,
    request,
  }) => {
    const all = await drawApi.history(request, { gameId: 110 });
    await page.goto(paths.lotteryHistory.href());
    expect(await historyIssues(page)).toEqual(all.items.map((d) => d.issue));
    const first = all.items[0]!;
    const row = page.locator('li.kj-hrow').first();
    for (const n of first.numbers) {
      await expect(
        row.getByRole('img', { name: ballLabel(n, first.lunarYear), exact: true }),
      ).toBeVisible();
    }
    await expect(page.getByText(`共 ${all.total} 期`)).toBeVisible();

    const year = (await drawApi.history(request, { gameId: 120 })).years[1]!;
    const ofYear = await drawApi.history(request, { gameId: 120, year });
    await page.goto(`${paths.lotteryHistory.href()}?game=120&year=${year}`);
    expect(await historyIssues(page)).toEqual(ofYear.items.map((d) => d.issue));
    await expect(page.getByRole('combobox', { name: '年份' })).toHaveValue(String(year));
    await expect(page.getByRole('button', { name: '极速六合彩' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

test.describe('server-rendered first screens, with JavaScript', () => {
  /**
   * Opens `url` recording the API calls it makes and whether a loading skeleton ever appears (the
   * server's markup has none: one would be a flash back to loading).
   */
  async function open(page: Page, url: string) {
    await page.addInitScript(() => {
      const w = window as { __kjSkeletons?: number };
      w.__kjSkeletons = 0;
      new MutationObserver((records) => {
        for (const r of records) {
          for (const node of r.addedNodes) {
            if (
              node instanceof Element &&
              (node.matches('.kj-skeleton') || node.querySelector('.kj-skeleton'))
            ) {
              w.__kjSkeletons! += 1;
            }
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    const calls: URL[] = [];
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.pathname.startsWith('/app-api/api/v2/')) calls.push(u);
    });
    await page.goto(url);
    await appReady(page);
    const skeletons = () =>
      page.evaluate(() => (window as { __kjSkeletons?: number }).__kjSkeletons ?? -1);
    /** Calls for page 1 of the list at `path` (under the v2 base). */
    const firstPageCalls = (path: string) =>
      calls.filter(
        (u) => u.pathname === `/app-api/api/v2${path}` && u.searchParams.get('page') === '1',
      );
    const pageCalls = (path: string) =>
      calls.filter((u) => u.pathname === `/app-api/api/v2${path}`).map((u) => u.search);
    return { skeletons, firstPageCalls, pageCalls };
  }

  test('/news: the inlined page is shown and not asked for; the next page loads', async ({
    page,
  }) => {
    const { skeletons, firstPageCalls, pageCalls } = await open(page, paths.news.href());
    const items = newsList(page).getByRole('listitem');
    await expect(items).toHaveCount(10);
    await page.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect.poll(() => items.count()).toBeGreaterThan(10);
    expect(pageCalls('/news')[0]).toContain('page=2');
    expect(firstPageCalls('/news')).toEqual([]);
    expect(await skeletons()).toBe(0);
    // Another tab is asked for as before, and the first one again when it comes back (the page's
    // copy serves one render only).
    await page.getByRole('tab', { name: '玩法解读' }).click();
    await expect(page).toHaveURL(/category=guide/);
    await expect.poll(() => firstPageCalls('/news').length).toBe(1);
    await page.getByRole('tab', { name: '全部' }).click();
    await expect.poll(() => firstPageCalls('/news').length).toBe(2);
    await expect(items).toHaveCount(10);
  });

  test('/gallery: the inlined series are shown and not asked for', async ({ page }) => {
    const { skeletons, firstPageCalls } = await open(page, `${paths.gallery.href()}?game=111`);
    const grid = page.getByRole('list', { name: '香港六合彩图纸系列' });
    await expect(grid.getByRole('listitem').first()).toBeVisible();
    expect(firstPageCalls('/gallery/series')).toEqual([]);
    expect(await skeletons()).toBe(0);
  });

  test('/lottery-history: the inlined page is shown and not asked for; the next page loads', async ({
    page,
    request,
  }) => {
    const { years } = await drawApi.history(request, { gameId: 120 });
    const year = years[1]!;
    const [page1, page2] = await Promise.all([
      drawApi.history(request, { gameId: 120, year, page: 1 }),
      drawApi.history(request, { gameId: 120, year, page: 2 }),
    ]);
    const { skeletons, firstPageCalls, pageCalls } = await open(
      page,
      `${paths.lotteryHistory.href()}?game=120&year=${year}`,
    );
    await expect(page.locator('li.kj-hrow')).toHaveCount(20);
    expect(await historyIssues(page)).toEqual(page1.items.map((d) => d.issue));
    // Infinite scroll: reaching the end asks for the next page (and, the end still in view, maybe
    // the one after).
    await page.locator('.kj-hlist__foot').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('li.kj-hrow').count()).toBeGreaterThanOrEqual(40);
    expect((await historyIssues(page)).slice(0, 40)).toEqual(
      [...page1.items, ...page2.items].map((d) => d.issue),
    );
    expect(pageCalls('/draws/history')[0]).toContain('page=2');
    expect(firstPageCalls('/draws/history')).toEqual([]);
    expect(await skeletons()).toBe(0);
    // Another year is asked for as before.
    await page.getByRole('combobox', { name: '年份' }).selectOption(String(years[0]));
    await expect.poll(() => firstPageCalls('/draws/history').length).toBe(1);
  });

  test("the start script evaluates each of the entry's imports in a task of its own", async ({
    request,
  }) => {
    // Evaluating the whole module graph at once was the longest task of the start; the steps
    // come from the build's manifest, since index.html names none of the entry's chunks.
    const page = await (
      await request.get('/game/110', { headers: { accept: 'text/html' } })
    ).text();
    const start = /<script data-entry="([^"]+)" data-steps="([^"]*)"/.exec(page);
    expect(start).not.toBeNull();
    const steps = start![2]!.split(' ').filter(Boolean);
    const entry = await (await request.get(start![1]!)).text();
    const imports = [...entry.matchAll(/(?:^|;)import[^;]*?from"\.\/([^"]+)"/g)].map(
      (m) => `/assets/${m[1]}`,
    );
    expect(imports.length).toBeGreaterThan(1);
    for (const file of imports) expect(steps).toContain(file);
    // Each step after the steps it imports, so that each task evaluates one chunk.
    for (const [i, file] of steps.entries()) {
      const text = await (await request.get(file)).text();
      for (const m of text.matchAll(/(?:^|;)import[^;]*?from"\.\/([^"]+)"/g))
        expect(steps.indexOf(`/assets/${m[1]}`)).toBeLessThan(i);
    }
  });

  test('the app takes the markup over as the server sent it, part by part', async ({ page }) => {
    // Elements of the server's page, but for the side menu's and the header's member links, which
    // a phone empties, and what a lazy image holds, which changes once it is in view; and those of
    // them the app moves.
    await page.addInitScript(() => {
      const w = window as { __kjServer?: Element[]; __kjMoved?: string[] };
      document.addEventListener('DOMContentLoaded', () => {
        const server = [...document.querySelectorAll('#root *')].filter(
          (el) =>
            !el.closest('[data-part="side-menu"], [data-part="header-account"]') &&
            !el.parentElement?.closest('.kj-lazy-image'),
        );
        const known = new Set<Node>(server);
        w.__kjServer = server;
        w.__kjMoved = [];
        new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes)
              if (known.has(n)) w.__kjMoved!.push((n as Element).outerHTML.slice(0, 80));
        }).observe(document.body, { childList: true, subtree: true });
      });
    });
    for (const url of [
      paths.game.href(110),
      paths.lotteryHistory.href(),
      paths.news.href(),
      paths.gallery.href(),
    ]) {
      await page.goto(url);
      await expect(page.locator('#root[data-hydrated]')).toBeAttached();
      const { kept, lost, moved } = await page.evaluate(() => {
        const w = window as { __kjServer?: Element[]; __kjMoved?: string[] };
        const els = w.__kjServer ?? [];
        const gone = els.filter((el) => !el.isConnected);
        return {
          kept: els.length - gone.length,
          lost: gone.map((el) => el.outerHTML.slice(0, 80)),
          moved: w.__kjMoved,
        };
      });
      expect(lost, url).toEqual([]);
      expect(moved, url).toEqual([]);
      expect(kept, url).toBeGreaterThan(50);
    }
    // Every part answers: a tab of the bar (the last part taken over) navigates in the app.
    await page.evaluate(() => Object.assign(window, { kjNav: true }));
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/game\/\d+$/);
    // In the app, not a page load: the page's record of the server's elements is still there.
    expect(await page.evaluate(() => 'kjNav' in window)).toBe(true);
  });

  test('on a desktop the side menu, a chunk of its own, is taken over as the server sent it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.addInitScript(() => {
      const w = window as { __kjMenu?: Element[] };
      document.addEventListener('DOMContentLoaded', () => {
        w.__kjMenu = [...document.querySelectorAll('[data-part="side-menu"] *')];
      });
    });
    await page.goto(paths.news.href());
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    const { count, lost } = await page.evaluate(() => {
      const els = (window as { __kjMenu?: Element[] }).__kjMenu ?? [];
      return { count: els.length, lost: els.filter((el) => !el.isConnected).length };
    });
    expect(count).toBeGreaterThan(40);
    expect(lost).toBe(0);
    // Its links answer in the app, not by a page load.
    await page.evaluate(() => Object.assign(window, { kjNav: true }));
    const menu = page.getByRole('complementary').getByRole('navigation', { name: '全部功能' });
    await menu.getByRole('link', { name: '图库' }).click();
    await expect(page).toHaveURL(/\/gallery$/);
    await expect(menu.getByRole('link', { name: '图库' })).toHaveAttribute('aria-current', 'page');
    expect(await page.evaluate(() => 'kjNav' in window)).toBe(true);
  });

  test('a tap on a button before the app has started is kept and answered once it has', async ({
    page,
  }) => {
    // The entry module arrives late, as on a slow connection.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    // The frame's own goto: the test fixture's would wait for the app to start.
    await page.mainFrame().goto(paths.game.href(110));
    await page.getByRole('button', { name: '切换为繁體中文' }).click();
    expect(await page.locator('#root').getAttribute('data-started')).toBeNull();
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hant');
    await expect(page.getByRole('navigation', { name: '主導航' })).toBeVisible();
    // Once: the button now switches back.
    await page.getByRole('button', { name: '切换为简体中文' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
  });

  test('/lottery-history without parameters: the default game is the one inlined', async ({
    page,
  }) => {
    const { firstPageCalls } = await open(page, paths.lotteryHistory.href());
    await expect(page.locator('li.kj-hrow')).toHaveCount(20);
    await expect(page.getByRole('button', { name: '加载更多' })).toBeEnabled();
    // Give the app time to ask, had it wanted to.
    await page.waitForLoadState('networkidle');
    expect(firstPageCalls('/draws/history')).toEqual([]);
  });
});
