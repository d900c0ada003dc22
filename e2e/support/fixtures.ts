import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every page under test fails on a console error or an uncaught exception: a visitor never sees
 * them, so nothing else would catch them.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  // A server-rendered screen shows before the app has started; a visitor's tap that early is
  // answered only once it has (ssr.spec.ts tests that), so the tests wait until the app runs.
  page: async ({ page, javaScriptEnabled }, use) => {
    const started = async () => {
      if (javaScriptEnabled === false) return;
      await page.waitForFunction(
        () => !document.querySelector('#root[data-ssr]:not([data-started])'),
      );
    };
    const goto = page.goto.bind(page);
    page.goto = (async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      await started();
      return response;
    }) as typeof page.goto;
    const reload = page.reload.bind(page);
    page.reload = (async (...args: Parameters<typeof reload>) => {
      const response = await reload(...args);
      await started();
      return response;
    }) as typeof page.reload;
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // Pages answered 404 on purpose (the not-found screen): the browser logs their status.
      const notFoundPages = new Set<string>();
      page.on('response', (res) => {
        if (res.status() === 404 && res.request().isNavigationRequest())
          notFoundPages.add(res.url());
      });
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const ownStatus = /status of 404/.test(msg.text()) && notFoundPages.has(msg.location().url);
        if (!ownStatus) errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Waits until the web app has taken over the page (main.tsx marks #root). A server-rendered
 * screen shows its content before that, but a tap on its tabs or buttons would go unanswered.
 */
export async function appReady(page: Page): Promise<void> {
  await expect(page.locator('#root[data-started]')).toBeAttached();
}
