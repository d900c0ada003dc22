import type { PrizeInput } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const HK = 111;

/** A record unlike any the simulator makes: the figures below can only come from it. */
const record = (turnover: number): PrizeInput => ({
  divisions: [
    { division: 1, winners: 2.5, dividend: 7_654_320 },
    { division: 2, winners: 0, dividend: null },
    { division: 3, winners: 88, dividend: 61_230 },
    { division: 4, winners: 410, dividend: 9_600 },
    { division: 5, winners: 8_012, dividend: 640 },
    { division: 6, winners: 11_555, dividend: 320 },
    { division: 7, winners: 140_321, dividend: 40 },
  ],
  turnover,
  jackpot: 0,
  snowball: '金多宝',
});

test.describe('Hong Kong prize record', () => {
  test('shows under the latest draw on /game/111 and in its history row, as entered', async ({
    page,
    request,
  }) => {
    const latest = await drawApi.latest(request, HK);
    test.skip(latest.status !== 'done', 'the latest Hong Kong draw is not finished');
    const turnover = 100_000_000 + Math.floor(Math.random() * 9_000) * 10;
    await drawApi.enterPrizes(request, HK, latest.issue, record(turnover));

    await page.goto(paths.game.href(HK));
    await appReady(page);
    // At the foot of the screen, loaded when the visitor gets near.
    await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
    const section = page.getByRole('region', { name: /派彩结果/ });
    await expect(section).toBeVisible();
    await expect(section.getByText(`第 ${latest.issue} 期`, { exact: true })).toBeVisible();
    await expect(section.getByText('金多宝')).toBeVisible();
    const table = section.getByRole('table', {
      name: `第 ${latest.issue} 期各奖项中奖注数与每注派彩（港元）`,
    });
    const division = (name: string) => table.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(division('头奖')).toContainText('2.5');
    await expect(division('头奖')).toContainText('HK$7,654,320');
    await expect(division('二奖')).toContainText('无人中奖');
    await expect(division('七奖')).toContainText('140,321');
    await expect(division('七奖')).toContainText('HK$40');
    await expect(section).toContainText(`HK$${turnover.toLocaleString('en-US')}`);
    // The table fits a phone's width: nothing scrolls sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // The history row of that draw says who won the first division, server-rendered.
    await page.goto(`${paths.lotteryHistory.href()}?game=${HK}`);
    const row = page.locator(`li.kj-hrow[data-issue="${latest.issue}"]`);
    await expect(row).toContainText('头奖：2.5 注，每注 HK$7,654,320');
    await expect(row).toContainText('金多宝');
    // It opens onto the whole record.
    const rowTable = row.getByRole('table', {
      name: `第 ${latest.issue} 期各奖项中奖注数与每注派彩（港元）`,
    });
    await expect(rowTable).toBeHidden();
    await appReady(page);
    await row.getByText('头奖：2.5 注').click();
    await expect(rowTable).toBeVisible();
    await expect(rowTable.getByRole('row', { name: /^七奖/ })).toContainText('140,321');
  });

  test('other games have no prize record on their screen', async ({ page }) => {
    await page.goto(paths.game.href(110));
    await appReady(page);
    await page.locator('.kj-extras-mark').scrollIntoViewIfNeeded();
    // The extras are in (the calendar), and no prize record among them.
    await expect(page.locator('.kj-cal')).toHaveCount(1);
    await expect(page.getByText('派彩结果')).toHaveCount(0);
  });
});
