// Real feeds as a visitor and an operator meet them: simulated results marked 模拟, a fed draw
// with no result shown as 开奖延迟 with its minutes, and the console's ordered sources form with
// its test button against a loopback stand-in of the Jockey Club's results service.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DrawSourceSettings, LatestDraw } from '@kaijiang/domain';
import type { APIRequestContext } from '@playwright/test';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { addOperatorByCli, firstSignIn } from '../support/console.ts';
import { ADMIN_TOKEN, drawApi, freshNumbers } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';

const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
const FAST = 120;
/** A daily game: the console's games screen shows its calendar too. */
const CONSOLE_GAME = 110;

async function sources(r: APIRequestContext, gameId: number): Promise<DrawSourceSettings> {
  const res = await r.get(`/app-api/admin/games/${gameId}/sources`, { headers: admin });
  return ((await res.json()) as { data: { settings: DrawSourceSettings } }).data.settings;
}
async function putSources(r: APIRequestContext, gameId: number, body: object) {
  const res = await r.put(`/app-api/admin/games/${gameId}/sources`, { headers: admin, data: body });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Answers the results query with one recorded draw (26/086), as the service does. */
function hkjcStandIn(): Promise<http.Server> {
  const draw = {
    id: '202686N',
    year: '2026',
    no: 86,
    openDate: '2026-08-06+08:00',
    closeDate: '2026-08-08T21:15:00+08:00',
    drawDate: '2026-08-08+08:00',
    status: 'Result',
    snowballCode: '',
    snowballName_en: '',
    snowballName_ch: '',
    lotteryPool: {
      sell: false,
      status: 'Payout',
      totalInvestment: '37885574',
      jackpot: '986625',
      unitBet: 10,
      estimatedPrize: '',
      derivedFirstPrizeDiv: '8000000',
      lotteryPrizes: [
        { type: 1, winningUnit: 5, dividend: '8000000' },
        { type: 2, winningUnit: 40, dividend: '302180' },
        { type: 3, winningUnit: 1155, dividend: '27900' },
        { type: 4, winningUnit: 2020, dividend: '9600' },
        { type: 5, winningUnit: 56852, dividend: '640' },
        { type: 6, winningUnit: 55660, dividend: '320' },
        { type: 7, winningUnit: 855715, dividend: '40' },
      ],
    },
    drawResult: { drawnNo: [1, 3, 7, 31, 32, 49], xDrawnNo: 47 },
  };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: { lotteryDraws: [draw] } }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test.describe.configure({ mode: 'serial' });

test.describe('feeds', () => {
  test('simulated results are marked 模拟 on the game page, the history rows and the widget', async ({
    page,
    request,
  }) => {
    const latest = await drawApi.latest(request, 110);
    test.skip(latest.source !== 'simulator', 'the latest draw of 110 is not a simulated one');
    await page.goto(paths.game.href(110));
    await appReady(page);
    await expect(page.locator('.kj-latest .kj-sim').first()).toHaveText('模拟');
    await page.screenshot({ path: 'e2e/.tmp/feeds-sim-390.png' });
    await page.goto(`${paths.lotteryHistory.href()}?game=110`);
    await expect(page.locator('li.kj-hrow .kj-sim').first()).toHaveText('模拟');
    await page.goto('/embed/110');
    await expect(page.locator('.s')).toContainText('模拟');
  });

  test('a fed draw with no result lateS after its time shows 开奖延迟 with the minutes since', async ({
    page,
    request,
  }) => {
    test.setTimeout(7 * 60_000);
    const before = await sources(request, FAST);
    // Through manual first: a switch straight from the simulator would remove its demo draws.
    await putSources(request, FAST, { sources: [{ kind: 'manual' }] });
    // The engine is off here: the draw due now is finished by hand, so that the feed's next one
    // is the only draw due when its time comes (several missing read as a feed catching up).
    const open = await drawApi.latest(request, FAST);
    try {
      for (const n of freshNumbers(open.status === 'drawing' ? open.numbers : [])) {
        await drawApi.enterBall(request, FAST, n);
      }
    } catch {
      // Nothing open to finish: the newest draw is the one due now already.
    }
    await putSources(request, FAST, {
      sources: [{ kind: 'kaijiang', url: 'http://127.0.0.1:9' }],
      lateS: 10,
    });
    try {
      // The five-minute game: its next draw is due within five minutes, then ten seconds late.
      const late = await expect
        .poll(async () => (await drawApi.latest(request, FAST)).status, {
          timeout: 6 * 60_000,
          intervals: [2_000],
        })
        .toBe('delayed')
        .then(() => drawApi.latest(request, FAST));
      expect((late as LatestDraw).numbers).toEqual([]);
      await page.goto(paths.game.href(FAST));
      await appReady(page);
      await expect(page.locator('.kj-latest .kj-delay').first()).toContainText(/开奖延迟/);
      await page.screenshot({ path: 'e2e/.tmp/feeds-delayed-390.png' });
    } finally {
      await putSources(request, FAST, { sources: before.sources, lateS: before.lateS });
    }
  });

  test('the console sets a game’s sources in order and tries a feed with the test button', async ({
    page,
    request,
  }) => {
    const feed = await hkjcStandIn();
    const url = `http://127.0.0.1:${(feed.address() as AddressInfo).port}`;
    const before = await sources(request, CONSOLE_GAME);
    await putSources(request, CONSOLE_GAME, { sources: [{ kind: 'manual' }] });
    try {
      addOperatorByCli('feeds_owner', 'owner');
      await page.setViewportSize({ width: 1280, height: 800 });
      await firstSignIn(page, 'feeds_owner');
      await page.goto(`/admin/games?game=${CONSOLE_GAME}`);
      const form = page.getByRole('form', { name: /结果来源/ });
      await expect(form).toBeVisible();
      const first = form.locator('[data-feed-row="0"]');
      await first.getByLabel('类型').selectOption('kaijiang');
      await first.getByLabel('地址').fill('http://127.0.0.1:9');
      await form.getByRole('button', { name: '添加备用来源' }).click();
      const second = form.locator('[data-feed-row="1"]');
      await second.getByLabel('类型').selectOption('hkjc');
      await second.getByLabel('地址').fill(url);
      await second.getByRole('button', { name: '测试' }).click();
      const answer = second.locator('[data-feed-test]');
      await expect(answer).toContainText('来源应答正常');
      await expect(answer).toContainText('2026086');
      await first.getByRole('button', { name: '测试' }).click();
      await expect(first.locator('[data-feed-test]')).toContainText('来源无法使用');
      // hkjc becomes the primary.
      await second.getByRole('button', { name: '上移' }).click();
      await expect(form.locator('[data-feed-row="0"]').getByLabel('类型')).toHaveValue('hkjc');
      page.once('dialog', (d) => void d.accept());
      await form.getByRole('button', { name: '保存开奖来源' }).click();
      await expect(form.getByRole('status').filter({ hasText: '已保存' })).toBeVisible();
      await page.screenshot({ path: 'e2e/.tmp/feeds-console-1280.png', fullPage: true });
      const saved = await sources(request, CONSOLE_GAME);
      expect(saved.sources.map((s) => s.kind)).toEqual(['hkjc', 'kaijiang']);
      expect(saved.sources[0]!.url).toBe(url);
    } finally {
      await putSources(request, CONSOLE_GAME, { sources: before.sources, lateS: before.lateS });
      feed.close();
    }
  });
});
