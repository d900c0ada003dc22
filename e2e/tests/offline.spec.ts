import { ballLabel, lunarYearOf } from '@kaijiang/domain';
// Offline is the point here: failed sockets and fetches log errors, so not the strict fixture.
import { expect, test } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';

const GAME = 110;

test.describe('installable and offline', () => {
  test('serves the manifest, its icons and /sw.js (no-cache, scope /)', async ({ request }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const m = (await manifest.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(m).toMatchObject({ name: '开奖', start_url: '/game/110', display: 'standalone' });
    expect(m.theme_color).toMatch(/^#/);
    for (const size of ['192x192', '512x512']) {
      expect(m.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
      expect(m.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    }
    for (const icon of m.icons) {
      const res = await request.get(icon.src);
      expect(res.headers()['content-type']).toBe('image/png');
    }
    const sw = await request.get('/sw.js');
    expect(sw.ok()).toBe(true);
    expect(sw.headers()['cache-control']).toBe('no-cache');
    expect(sw.headers()['content-type']).toMatch(/javascript/);
  });

  test('after one visit, the latest draw shows offline with an offline badge', async ({
    page,
    context,
    request,
  }) => {
    const latest = await drawApi.latest(request, GAME);
    await page.goto(paths.game.href(GAME));
    // Registered after load; takes control at once (clients.claim) on the first install.
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 15_000,
    });
    expect(
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.scope)),
    ).toBe(new URL('/', page.url()).href);
    // The assets this page loaded before the worker existed end up in its cache.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const urls = performance
              .getEntriesByType('resource')
              .map((e) => e.name)
              .filter((u) => new URL(u).pathname.startsWith('/assets/'));
            const hits = await Promise.all(urls.map((u) => caches.match(u)));
            return hits.every(Boolean);
          }),
        { timeout: 15_000 },
      )
      .toBe(true);
    // A second visit goes through the worker, which keeps the data answers.
    await page.reload();
    const card = page.getByRole('region', { name: '新澳门六合彩', exact: true });
    await expect(card.getByText(`第 ${latest.issue} 期`, { exact: true })).toBeVisible();
    await expect(page.locator('#kj-offline-badge')).toHaveCount(0);
    // The worker keeps the latest draws (from the request, or from the page's inline data).
    await expect
      .poll(() => page.evaluate(() => caches.match('/app-api/api/v2/draws/latest').then(Boolean)))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳门六合彩');
    await expect(card.getByText(`第 ${latest.issue} 期`, { exact: true })).toBeVisible();
    const year = lunarYearOf(new Date(latest.drawAt));
    if (latest.numbers[0]) {
      await expect(
        card.getByRole('img', { name: ballLabel(latest.numbers[0], year) }),
      ).toBeVisible();
    }
    const badge = page.getByRole('status').filter({ hasText: '离线' });
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText(/离线 · 数据时间 (\d\d-\d\d )?\d\d:\d\d/);

    await context.setOffline(false);
    await page.reload();
    await expect(card.getByText(`第 ${latest.issue} 期`, { exact: true })).toBeVisible();
    await expect(page.locator('#kj-offline-badge')).toHaveCount(0);
  });

  test('a new version waits until the visitor accepts "有新版本，点击刷新"', async ({ page }) => {
    await page.goto(paths.game.href(GAME));
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, {
      timeout: 15_000,
    });
    await page.evaluate(() => {
      (window as unknown as { kjMarker: string }).kjMarker = 'old page';
    });
    // The next deploy, as the browser sees it: another worker script for the same scope.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next', { scope: '/' }));
    const prompt = page.getByRole('button', { name: '有新版本，点击刷新' });
    await expect(prompt).toBeVisible({ timeout: 15_000 });
    // Waiting, not yet in control.
    expect(
      await page.evaluate(() =>
        navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting),
      ),
    ).toBe(true);
    await prompt.click();
    // The new worker takes over and the page reloads once.
    await page.waitForFunction(
      () => (window as unknown as { kjMarker?: string }).kjMarker === undefined,
      null,
      { timeout: 15_000 },
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳门六合彩');
    // (The reloaded page registers /sw.js again, which to the browser is the next update: the
    // test's stand-in release used another script URL.)
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toMatch(
      /\/sw\.js\?next$/,
    );
  });
});
