// The results widget on another site: a page of another origin pastes the one-line loader and
// the iframe shows the latest result, live. (Following a draw ball by ball: draw-stage.spec,
// which has the one draw of 111 the suite can bring forward.)
import { ballLabel, lunarYearOf } from '@kaijiang/domain';
import { drawApi } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { otherSite } from '../support/other-site.ts';

const GAME = 111;

test.describe('the results widget (开奖调用)', () => {
  test('another site shows the latest result with its countdown, connected live', async ({
    page,
    request,
    baseURL,
  }) => {
    const site = await otherSite(baseURL!, { game: GAME, size: 'countdown' });
    try {
      const latest = await drawApi.latest(request, GAME);
      await page.goto(site.origin);
      const widget = page
        .frameLocator('iframe[title="开奖结果"]')
        .getByRole('main', { name: '香港六合彩 开奖结果' });
      await expect(widget.getByText(`第 ${latest.issue} 期`)).toBeVisible();
      const year = lunarYearOf(new Date(latest.drawAt));
      for (const n of latest.numbers) {
        await expect(widget.getByRole('img', { name: ballLabel(n, year) })).toBeVisible();
      }
      await expect(widget.getByRole('timer')).toHaveText(/^\d/);
      await expect(widget).toHaveAttribute('data-live', 'on');
    } finally {
      await site.close();
    }
  });

  test('/instruct-api shows each size live with the line to copy', async ({ page }) => {
    await page.goto('/instruct-api');
    const section = page.getByRole('region', { name: '开奖调用' });
    await section.scrollIntoViewIfNeeded();
    for (const size of ['单行条', '开奖卡片', '卡片和倒计时']) {
      const frame = section.frameLocator(`iframe[title^="${size}"]`);
      await expect(frame.getByRole('main')).toBeVisible();
    }
    await expect(section.getByText(/data-size="countdown" async><\/script>/)).toBeVisible();
    await section.getByLabel('配色').selectOption('dark');
    await expect(section.getByText(/data-theme="dark"/).first()).toBeVisible();
    await expect(section.locator('iframe').first()).toHaveAttribute('src', /theme=dark/);
  });
});
