// The results widget on another site: a page of another origin pastes the one-line loader, the
// iframe shows the latest result, and follows a live draw ball by ball.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ballLabel, lunarYearOf } from '@kaijiang/domain';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';

const GAME = 111;

test.describe('the results widget (开奖调用)', () => {
  let other: http.Server;
  let otherOrigin = '';

  test.beforeAll(async ({ baseURL }) => {
    // Another site: its own origin (another port), a page with our line of code in it.
    other = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        '<!doctype html><html lang="zh-Hans"><meta charset="utf-8"><title>友站</title>' +
          '<h1>友站的开奖栏目</h1>' +
          `<script src="${baseURL}/embed/loader.js" data-game="${GAME}" data-size="countdown" async></script>` +
          '</html>',
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  test.afterAll(async ({ request }) => {
    await drawApi.setSource(request, GAME, 'simulator');
    await new Promise((resolve) => other.close(resolve));
  });

  test('another site shows the latest result, then each ball of a live draw', async ({
    page,
    request,
  }) => {
    const latest = await drawApi.latest(request, GAME);
    await page.goto(otherOrigin);
    const frame = page.frameLocator('iframe[title="开奖结果"]');
    const widget = frame.getByRole('main', { name: '香港六合彩 开奖结果' });
    await expect(widget.getByText(`第 ${latest.issue} 期`)).toBeVisible();
    const year = lunarYearOf(new Date(latest.drawAt));
    for (const n of latest.numbers) {
      await expect(widget.getByRole('img', { name: ballLabel(n, year) })).toBeVisible();
    }
    await expect(widget.getByRole('timer')).toHaveText(/^\d/);
    await expect(widget).toHaveAttribute('data-live', 'on');

    // A draw of its own: the next one brought forward to a few seconds from now, balls by hand.
    await drawApi.setSource(request, GAME, 'manual');
    const before = await drawApi.latest(request, GAME);
    if (before.status !== 'drawing') {
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong' }).format(
        new Date(before.nextDrawAt),
      );
      const at = new Date(Date.now() + 6_000);
      await drawApi.setCalendarChange(request, GAME, day, {
        kind: 'moved',
        drawAt: at.toISOString(),
        note: '测试提前开奖',
      });
      await expect.poll(() => Date.now() > at.getTime() + 500, { timeout: 15_000 }).toBe(true);
    }
    const open = await drawApi.latest(request, GAME);
    const numbers = freshNumbers(open.status === 'drawing' ? open.numbers : []);
    for (const n of numbers) {
      const snap = await drawApi.enterBall(request, GAME, n);
      const y = lunarYearOf(new Date(snap.drawAt));
      await expect(widget.getByText(`第 ${snap.issue} 期`)).toBeVisible();
      await expect(widget.getByRole('img', { name: ballLabel(n, y) })).toBeVisible();
      await expect(widget.getByRole('img')).toHaveCount(snap.numbers.length);
      if (snap.status === 'done') {
        await expect(widget.getByText('已开奖')).toBeVisible();
        break;
      }
      await expect(widget.getByText('开奖中').first()).toBeVisible();
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
