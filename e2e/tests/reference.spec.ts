import { heavenOrEarth, zodiacOf } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

test('the attribute reference follows the lunar year picked', async ({ page }) => {
  await page.goto(paths.gameInfo.href());
  await appReady(page);
  const heaven = page.getByRole('region', { name: '天肖与地肖' });
  for (const year of [2024, 2023]) {
    await page.getByRole('combobox', { name: '农历年份' }).selectOption(String(year));
    await expect(page).toHaveURL(new RegExp(`year=${year}`));
    // 01 carries the year's animal: 2024 is the dragon's (天肖), 2023 the rabbit's (天肖) …
    const side = heavenOrEarth(zodiacOf(1, year)) === 'heaven' ? '天肖' : '地肖';
    const row = heaven.locator('li', { hasText: side });
    await expect(row.getByRole('img', { name: new RegExp(`^01 `) })).toBeVisible();
  }
  // Digit-based tables do not move: 五门 ends with 38–49.
  const gates = page.getByRole('region', { name: '五门' }).locator('li').last();
  await expect(gates.getByRole('img')).toHaveCount(12);
  await expect(gates.getByRole('img').first()).toHaveAccessibleName(/^38 /);
});
