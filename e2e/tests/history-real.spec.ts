import type { Page } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { appReady, expect, test } from '../support/fixtures.ts';
import { expectConsoleErrors } from '../support/members.ts';

const HK = 111;

/** 93/095 on the game screen: its balls, its one division and the HK$4 unit stake of 1993. */
async function expectDraw1993(page: Page) {
  const card = page.getByRole('region', { name: /开奖结果.*第 1993095 期/ });
  await expect(card).toBeVisible();
  const balls = card.getByRole('img');
  await expect(balls).toHaveCount(7);
  await expect(balls.first()).toHaveAccessibleName(/^22 /);
  await expect(balls.last()).toHaveAccessibleName(/^26 /);
  await expect(card.locator('time')).toHaveText(/^1993年12月7日/);
  const table = card.getByRole('table', { name: /第 1993095 期/ });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('HK$28,370,712');
  await expect(card.locator('dl')).toContainText('HK$4');
  // The latest draw stays below it, live as ever.
  await expect(page.locator('.kj-latest').first()).toBeVisible();
}

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

    // The row's issue leads to the draw on the game screen, with its prize record.
    await row.getByRole('link', { name: /1993095/ }).click();
    await expect(page).toHaveURL(/\/game\/111\?issue=1993095$/);
    await expectDraw1993(page);

    // The game screen's newest draw is the simulator's, numbered on from the real ones.
    await page.goto(paths.game.href(HK));
    await appReady(page);
    const latest = (await (await request.get(`/app-api/api/v2/draws/latest?gameId=${HK}`)).json())
      .data as { issue: string; source: string };
    expect(latest.source).toBe('simulator');
    expect(Number(latest.issue)).toBeGreaterThan(2026086);
  });

  test('/game/111?issue=1993095: a real 1993 draw with its prizes, server-rendered, phone and desktop', async ({
    page,
    request,
    consoleErrors,
  }) => {
    await expect
      .poll(
        async () => (await (await request.get(`/app-api/api/v2/draws/${HK}/1993095`)).json()).code,
        { timeout: 15_000 },
      )
      .toBe('OK');
    const url = paths.game.href(HK, '1993095');
    // In the server's page already, before any script runs.
    const html = await (await request.get(url)).text();
    expect(html).toContain('第 1993095 期');
    expect(html).toContain('HK$28,370,712');
    await page.goto(url);
    await appReady(page);
    await expectDraw1993(page);
    await page.screenshot({ path: 'e2e/.tmp/game-111-issue-1993-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectDraw1993(page);
    await page.screenshot({ path: 'e2e/.tmp/game-111-issue-1993-1280.png', fullPage: true });

    // An issue the game never had, and one that is no issue: said so, or left out.
    await page.goto(paths.game.href(HK, '1993999'));
    await expect(page.getByText('没有这一期的开奖结果')).toBeVisible();
    // The draw's own answer, 404: the browser logs its status.
    expectConsoleErrors(consoleErrors, /status of 404/);
    await page.goto(`${paths.game.href(HK)}?issue=%3Cscript%3E`);
    await appReady(page);
    await expect(page.locator('.kj-issue-draw')).toHaveCount(0);
  });
});
