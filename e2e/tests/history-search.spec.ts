import type { DrawSearchPage } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const GAME = 110;

test.describe('searching the history', () => {
  test('by numbers and by zodiac at the special, with the matches ringed', async ({
    page,
    request,
  }) => {
    // Two numbers of the latest finished draw: at least that draw holds both.
    const latest = (await drawApi.history(request, { gameId: GAME, pageSize: 1 })).items[0]!;
    const [a, b] = [latest.numbers[0]!, latest.numbers[3]!];
    const api = async (q: string) =>
      (
        (await (
          await request.get(`/app-api/api/v2/draws/search?gameId=${GAME}&pageSize=20&${q}`)
        ).json()) as { data: DrawSearchPage }
      ).data;
    const expected = await api(`numbers=${a},${b}&position=any`);
    expect(expected.total).toBeGreaterThan(0);

    await page.goto(`${paths.lotteryHistory.href()}?game=${GAME}`);
    await appReady(page);
    await page.getByRole('tab', { name: '号码搜索' }).click();
    const numbers = page.getByRole('textbox', { name: '号码' });
    // Nothing lost on bad input: the text stays, the reason is said.
    await numbers.fill('07 50');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('号码应为 01 到 49 之间的数字，最多 7 个');
    await expect(numbers).toHaveValue('07 50');

    await numbers.fill(`${a} ${b}`);
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`numbers=${a}%2C${b}`));
    await expect(
      page.getByRole('status').filter({ hasText: `找到 ${expected.total} 期` }),
    ).toBeVisible();
    // The matches download as CSV, every one of them, oldest first.
    const csvLink = page.getByRole('link', { name: /搜索到的 \d+ 期（CSV）/ });
    const csv = await request.get((await csvLink.getAttribute('href'))!);
    expect(csv.ok()).toBe(true);
    const csvIssues = (await csv.text())
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(',')[0]);
    expect(csvIssues).toHaveLength(expected.total);
    expect(csvIssues.at(-1)).toBe(expected.items[0]!.issue);
    const rows = page.locator('.kj-srch li.kj-hrow');
    await expect(rows.first()).toHaveAttribute('data-issue', expected.items[0]!.issue);
    await expect(rows).toHaveCount(Math.min(20, expected.total));
    // The searched numbers are ringed in the first row, the others are not.
    const ring = (n: string) =>
      rows
        .first()
        .locator(`.kj-dball[data-ball="${n}"] [role="img"]`)
        .evaluate((el) => getComputedStyle(el).boxShadow);
    const other = expected.items[0]!.numbers.find((n) => n !== a && n !== b)!;
    expect(await ring(a)).toContain('0px 0px 0px 4px');
    expect(await ring(b)).toContain('0px 0px 0px 4px');
    expect(await ring(other)).not.toContain('0px 0px 0px 4px');

    // Zodiac of the special number, within dates.
    const special = await api(`position=special&zodiac=rat`);
    await numbers.fill('');
    await page.getByRole('combobox', { name: '位置' }).selectOption('special');
    await page.getByRole('combobox', { name: '生肖' }).selectOption('rat');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    if (special.total === 0) {
      await expect(page.getByText('没有符合条件的开奖记录')).toBeVisible();
    } else {
      await expect(
        page.getByRole('status').filter({ hasText: `找到 ${special.total} 期` }),
      ).toBeVisible();
      await expect(rows.first()).toHaveAttribute('data-issue', special.items[0]!.issue);
    }
  });
});
