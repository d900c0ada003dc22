import type { DrawSnapshot } from '@kaijiang/domain';
import {
  ballLabel,
  lunarYearOf,
  sumAttributes,
  SUM_PARITY_ZH,
  SUM_SIZE_ZH,
} from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const GAME = 120;

test.describe('live draw on the game screen', () => {
  test.afterEach(async ({ request }) => {
    await drawApi.setSource(request, GAME, 'simulator');
  });

  test('a visitor on /game/120 sees every ball appear as it is drawn, without a reload', async ({
    page,
    context,
    request,
  }) => {
    // The operator enters the balls: each one is a server event the open page must show.
    await drawApi.setSource(request, GAME, 'manual');
    // A second visitor reads the trend chart: the finished draw becomes its new row. Both live
    // checks share this one draw because, with the engine off, a 5-minute game has one due draw
    // per 5 minutes, and a second test finishing another could find it already done.
    const chart = await context.newPage();
    await chart.setViewportSize({ width: 1280, height: 800 });
    await chart.goto(`${paths.lotteryTrend.href(GAME)}?kind=special-tail&range=30`);
    await appReady(chart);
    await chart.evaluate(() => Object.assign(window, { kjSamePage: true }));
    await page.goto(paths.game.href(GAME));
    await page.evaluate(() => {
      (window as unknown as { kjMarker: string }).kjMarker = 'same page';
    });
    const card = page.getByRole('region', { name: '极速六合彩' });
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();

    const before = await drawApi.latest(request, GAME);
    const numbers = freshNumbers(before.status === 'drawing' ? before.numbers : []);
    let last: DrawSnapshot = before;
    for (const number of numbers) {
      last = await drawApi.enterBall(request, GAME, number);
      const year = lunarYearOf(new Date(last.drawAt));
      await expect(card.getByRole('img', { name: ballLabel(number, year) })).toBeVisible();
      await expect(card.getByRole('img')).toHaveCount(last.numbers.length);
      await expect(card.getByText(`第 ${last.issue} 期`, { exact: true })).toBeVisible();
      if (last.status === 'done') break;
      await expect(card.getByText('开奖中', { exact: true })).toBeVisible();
      await expect(
        card
          .getByRole('status')
          .filter({ hasText: `第 ${last.numbers.length} 个号码 ${ballLabel(number, year)}` }),
      ).toBeAttached();
    }
    expect(last.status).toBe('done');

    // The finished draw: 总和 attributes and the countdown to the next one.
    const sum = sumAttributes(last.numbers);
    await expect(card.getByText('已开奖', { exact: true })).toBeVisible();
    await expect(card.getByText(String(sum.sum), { exact: true })).toBeVisible();
    await expect(card.getByText(SUM_SIZE_ZH[sum.size], { exact: true })).toBeVisible();
    await expect(card.getByText(SUM_PARITY_ZH[sum.parity], { exact: true })).toBeVisible();
    await expect(card.getByText(`下期 第 ${last.nextIssue} 期`)).toBeVisible();

    // A notification, top right with a 24 px offset, gone after 4.5 s.
    const note = page
      .getByRole('status')
      .filter({ hasText: `极速六合彩 第${last.issue}期 开奖结果` });
    await expect(note).toBeVisible();
    const shownAt = Date.now();
    // Measured on the stack that holds the card: the card itself slides in.
    const box = (await note.locator('..').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(24);
    expect(Math.round(box.y)).toBe(24);
    await expect(note).toContainText(`${last.numbers.slice(0, 6).join(' ')} + ${last.numbers[6]}`);
    await expect(note).toBeHidden({ timeout: 8000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(3500);
    expect(shownFor).toBeLessThan(6500);

    expect(await page.evaluate(() => (window as unknown as { kjMarker?: string }).kjMarker)).toBe(
      'same page',
    );

    const rows = chart.locator('.kj-trend__issues li');
    await expect(rows.last()).toContainText(`第 ${last.issue} 期：${Number(last.numbers[6]) % 10}`);
    await expect(rows).toHaveCount(30);
    expect(await chart.evaluate(() => 'kjSamePage' in window)).toBe(true);
  });
});
