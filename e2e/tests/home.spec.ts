import { ZODIAC_ZH, homeGames, joinNotices, zodiacOfYear } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { expect, test } from '../support/fixtures.ts';
import { siteData } from '../support/site.ts';

const ELEMENT_LABELS = { Metal: '金', Wood: '木', Water: '水', Fire: '火', Earth: '土' } as const;

test.describe('home screen', () => {
  test('rolls every notice of the server, joined with " | "', async ({ page, request }) => {
    const notices = await siteData.notices(request);
    const expected = joinNotices(notices.roll_notice);
    expect(notices.roll_notice.length).toBeGreaterThan(1);
    await page.goto(paths.game.href(110));
    const banner = page.getByRole('region', { name: '公告' });
    await expect(banner.getByRole('status')).toHaveText(expected);
    expect(expected.split(' | ')).toHaveLength(notices.roll_notice.length);
  });

  test('lists the home games in the order of home_lottery_setting and switches between them', async ({
    page,
    request,
  }) => {
    const [games, config] = await Promise.all([siteData.games(request), siteData.config(request)]);
    const setting = config.system_config.find((c) => c.configKey === 'home_lottery_setting');
    const expected = homeGames(games, setting?.configValue).map((g) => g.name);
    await page.goto(paths.game.href(110));
    const list = page.getByRole('navigation', { name: '彩种' });
    const links = list.getByRole('link');
    await expect(links).toHaveCount(expected.length);
    for (const [i, name] of expected.entries()) await expect(links.nth(i)).toContainText(name);
    await links.filter({ hasText: '香港六合彩' }).click();
    await expect(page).toHaveURL(paths.game.href(111));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('香港六合彩');
  });

  // Chinese New Year 2026 is 17 February (Asia/Shanghai): the hint must switch year exactly there.
  for (const [label, instant, year] of [
    ['before', '2026-02-16T23:59:00+08:00', 2025],
    ['after', '2026-02-17T00:01:00+08:00', 2026],
  ] as const) {
    test(`shows the five-elements numbers of lunar year ${year} ${label} New Year`, async ({
      page,
      request,
    }) => {
      const records = await siteData.fiveElements(request);
      const record = records.find((r) => r.year === year);
      expect(record, `five-elements.json has ${year}`).toBeTruthy();
      await page.clock.setFixedTime(new Date(instant));
      await page.goto(paths.game.href(110));
      const title = `${year} ${ZODIAC_ZH[zodiacOfYear(year)]}年 五行号码`;
      const hint = page.getByRole('region', { name: title });
      await expect(hint).toBeVisible();
      for (const { element, values } of record!.data) {
        const row = hint.getByRole('listitem').filter({ hasText: ELEMENT_LABELS[element] });
        const balls = row.getByRole('img');
        await expect(balls).toHaveCount(values.length);
        const names = await balls.evaluateAll((els) =>
          els.map((e) => e.getAttribute('aria-label') ?? ''),
        );
        expect(names.map((n) => Number(n.slice(0, 2)))).toEqual(values);
      }
    });
  }
});
