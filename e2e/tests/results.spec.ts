import { ballLabel, homeGames } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { siteData } from '../support/site.ts';

test.describe('latest results', () => {
  test('/lottery-result shows the latest draw of every home game', async ({ page, request }) => {
    const [games, config] = await Promise.all([siteData.games(request), siteData.config(request)]);
    const setting = config.system_config.find((c) => c.configKey === 'home_lottery_setting');
    const home = homeGames(games, setting?.configValue);
    expect(home.length).toBeGreaterThan(1);

    await page.goto(paths.lotteryResult.href());
    for (const game of home) {
      const card = page.getByRole('region', { name: game.name, exact: true });
      await expect(card).toBeVisible();
      // Compared with a fresh answer each time: another test may be drawing a ball meanwhile.
      await expect(async () => {
        const latest = await drawApi.latest(request, game.id);
        await expect(card.getByText(`第 ${latest.issue} 期`)).toBeVisible({ timeout: 500 });
        const names = await card
          .getByRole('img')
          .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
        expect(names).toEqual(latest.numbers.map((n) => ballLabel(n, latest.lunarYear)));
      }).toPass({ timeout: 10_000 });
      await expect(card.getByRole('link', { name: game.name })).toHaveAttribute(
        'href',
        paths.game.href(game.id),
      );
    }
  });

  test('/live puts the drawing (else the next) game on the stage, the others on the board, no player', async ({
    page,
    request,
  }) => {
    const games = await siteData.games(request);
    const nameOf = (id: number) => games.find((g) => g.id === id)!.name;
    await page.goto(paths.live.href());
    const board = page.getByRole('region', { name: '开奖看板' });
    await expect(board.getByRole('status', { name: '实时连接：实时' })).toBeVisible();
    const others = board.getByRole('heading', { level: 3 });
    // Another test may be drawing meanwhile, which puts that game on the stage: compare afresh.
    await expect(async () => {
      const latest = await drawApi.latestAll(request);
      const stage =
        latest.find((d) => d.status === 'drawing') ??
        [...latest].sort((a, b) => Date.parse(a.nextDrawAt) - Date.parse(b.nextDrawAt))[0]!;
      await expect(
        page.getByRole('heading', { level: 2, name: nameOf(stage.gameId), exact: true }),
      ).toBeVisible({ timeout: 500 });
      const shown = [nameOf(stage.gameId), ...(await others.allTextContents())];
      expect(shown.sort()).toEqual(latest.map((d) => nameOf(d.gameId)).sort());
    }).toPass({ timeout: 10_000 });
    await expect(page.locator('video')).toHaveCount(0);
  });
});
