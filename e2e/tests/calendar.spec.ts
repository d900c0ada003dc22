import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const HK = 111;
const NOTE = '台风停开（测试）';

/** A Hong Kong draw day three weeks or more ahead: skipping it touches no test's draws. */
async function farDrawDay(request: Parameters<typeof drawApi.calendar>[0]) {
  const now = new Date();
  const months = [0, 1, 2].map((k) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
  for (const [k, month] of months.entries()) {
    const calendar = await drawApi.calendar(request, HK, month);
    const day = calendar.days.find(
      (d) =>
        !d.change &&
        d.draws.length > 0 &&
        Date.parse(d.draws[0]!.drawAt) > Date.now() + 21 * 86_400_000,
    );
    if (day)
      return {
        date: day.date,
        monthsAhead: k,
        label: `${Number(day.date.slice(5, 7))}月${Number(day.date.slice(8))}日`,
      };
  }
  throw new Error('no draw day found in three months');
}

async function showMonth(page: Page, monthsAhead: number, date: string) {
  const calendar = page.getByRole('region', { name: '开奖日历' });
  for (let i = 0; i < monthsAhead; i++)
    await calendar.getByRole('button', { name: '下个月' }).click();
  const [y, m] = date.split('-').map(Number) as [number, number];
  await expect(calendar.getByText(`${y}年${m}月`, { exact: true })).toBeVisible();
  return calendar;
}

test.describe('draw calendar', () => {
  test('a skipped Hong Kong draw day is marked, with its note, on /game/111 and /game-info', async ({
    page,
    request,
  }) => {
    const day = await farDrawDay(request);
    await drawApi.setCalendarChange(request, HK, day.date, {
      kind: 'skipped',
      drawAt: null,
      note: NOTE,
    });
    try {
      await page.goto(paths.game.href(HK));
      await appReady(page);
      await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
      let calendar = await showMonth(page, day.monthsAhead, day.date);
      await expect(
        calendar.getByRole('cell', { name: `${day.label}，不开奖，停开：${NOTE}` }),
      ).toBeVisible();
      await expect(calendar.getByRole('list', { name: '本月例外' })).toContainText(NOTE);
      // The next draw is ringed in this month.
      if (day.monthsAhead === 0)
        await expect(calendar.locator('.kj-cal__day--next')).toHaveCount(1);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(paths.gameInfo.href());
      await appReady(page);
      await page.getByRole('combobox', { name: '彩种' }).selectOption(String(HK));
      calendar = await showMonth(page, day.monthsAhead, day.date);
      await expect(
        calendar.getByRole('cell', { name: `${day.label}，不开奖，停开：${NOTE}` }),
      ).toBeVisible();
    } finally {
      await drawApi.removeCalendarChange(request, HK, day.date);
    }
    // Removed: the day is a draw day again.
    const month = day.date.slice(0, 7);
    const again = await drawApi.calendar(request, HK, month);
    expect(again.days.find((d) => d.date === day.date)?.draws).toHaveLength(1);
  });

  test('the 5-minute game has no calendar on its screen', async ({ page }) => {
    await page.goto(paths.game.href(120));
    await appReady(page);
    await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
    // The extras came (their mark is gone) and brought no calendar.
    await expect(page.locator('.kj-extras-mark')).toHaveCount(0);
    await expect(page.locator('.kj-cal')).toHaveCount(0);
  });
});
