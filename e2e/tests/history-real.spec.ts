import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const HK = 111;

test.describe('real Hong Kong history', () => {
  test('1993 draws with their prize records, the year picker back to 1993', async ({
    page,
    request,
  }) => {
    // The first start loads the history in the background: wait for it.
    await expect
      .poll(
        async () => (await (await request.get(`/app-api/api/v2/draws/${HK}/1993001`)).json()).code,
        { timeout: 15_000 },
      )
      .toBe('OK');

    await page.goto(`${paths.lotteryHistory.href()}?game=${HK}&year=1993`);
    // 93/095, 7 December 1993: 22 24 29 34 35 42 and 26; one division, HK$4 a unit.
    const row = page.locator(`li.kj-hrow[data-issue="1993095"]`);
    await expect(row).toBeVisible();
    for (const n of ['22', '24', '29', '34', '35', '42', '26']) await expect(row).toContainText(n);
    await expect(row).toContainText('HK$28,370,712');
    await appReady(page);
    await row.getByText('头奖：').click();
    const table = row.getByRole('table', { name: /第 1993095 期/ });
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(row).toContainText('HK$4');
    // The year picker reaches back to the first year.
    await expect(page.locator('select option[value="1993"]')).toHaveCount(1);

    // The game screen's newest draw is the simulator's, numbered on from the real ones.
    await page.goto(paths.game.href(HK));
    await appReady(page);
    const latest = (await (await request.get(`/app-api/api/v2/draws/latest?gameId=${HK}`)).json())
      .data as { issue: string; source: string };
    expect(latest.source).toBe('simulator');
    expect(Number(latest.issue)).toBeGreaterThan(2026086);
  });
});
