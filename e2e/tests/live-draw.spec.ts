import type { Page } from '@playwright/test';
import type { DrawSnapshot } from '@kaijiang/domain';
import {
  ballLabel,
  drawPush,
  lunarYearOf,
  sumAttributes,
  SUM_PARITY_ZH,
  SUM_SIZE_ZH,
} from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { appReady, expect, test } from '../support/fixtures.ts';
import { otherSite } from '../support/other-site.ts';
import {
  pushAndShow,
  pushServicePort,
  shownNotifications,
  stubPushManager,
  tapNotification,
} from '../support/push.ts';
import { startLocalPushService } from '../../apps/server/test/helpers/push-service.ts';

const GAME = 120;
const ORDINALS = '一二三四五六';

/** The browser's speech synthesiser, and only it, replaced by one that writes down what it says. */
async function stubVoice(page: Page) {
  await page.addInitScript(() => {
    const spoken: string[] = [];
    const voice = {
      lang: 'zh-CN',
      name: 'stub',
      default: true,
      localService: true,
      voiceURI: 'stub',
    };
    Object.assign(window, {
      kjSpoken: spoken,
      SpeechSynthesisUtterance: class {
        text: string;
        voice: unknown = null;
        lang = '';
        rate = 1;
        constructor(text: string) {
          this.text = text;
        }
      },
    });
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: { getVoices: () => [voice], speak: (u: { text: string }) => spoken.push(u.text) },
    });
  });
}
const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { kjSpoken: string[] }).kjSpoken);

test.describe('live draw on the game screen', () => {
  test.afterEach(async ({ request }) => {
    await drawApi.setSource(request, GAME, 'simulator');
  });

  test('a visitor on /game/120 sees every ball appear as it is drawn, without a reload', async ({
    page,
    context,
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    // The operator enters the balls: each one is a server event the open page must show.
    await drawApi.setSource(request, GAME, 'manual');
    // Another spec may have finished the draw due now by hand (the e2e server draws nothing of
    // itself): then the next one, at most 5 minutes away, is the first this test can enter.
    const found = await drawApi.latest(request, GAME);
    if (found.status === 'done' && Date.now() - Date.parse(found.drawAt) < 5 * 60_000) {
      const due = Date.parse(found.nextDrawAt) + 1_000;
      test.setTimeout(Math.max(0, due - Date.now()) + 90_000);
      await expect.poll(() => Date.now() > due, { timeout: 6 * 60_000 }).toBe(true);
    }
    // A second visitor reads the trend chart: the finished draw becomes its new row. Both live
    // checks share this one draw because, with the engine off, a 5-minute game has one due draw
    // per 5 minutes, and a second test finishing another could find it already done.
    const chart = await context.newPage();
    await chart.setViewportSize({ width: 1280, height: 800 });
    await chart.goto(`${paths.lotteryTrend.href(GAME)}?kind=special-tail&range=30`);
    await appReady(chart);
    await chart.evaluate(() => Object.assign(window, { kjSamePage: true }));
    // Watching the same draw (issue 16): another site's results widget, a visitor who wants
    // no motion, and, on this page, the draw stage with its voice (the synthesiser stubbed).
    const site = await otherSite(baseURL!, { game: GAME, size: 'card' });
    const friend = await context.newPage();
    await friend.goto(site.origin);
    const widget = friend
      .frameLocator('iframe[title="开奖结果"]')
      .getByRole('main', { name: '极速六合彩 开奖结果' });
    await expect(widget).toHaveAttribute('data-live', 'on');
    const still = await browser.newPage();
    await still.emulateMedia({ reducedMotion: 'reduce' });
    await still.goto(paths.game.href(GAME));
    const stillStage = still.getByRole('region', { name: '开奖现场' });
    // Told when it ends (Web Push): a visitor on a desktop turns the game's alert on.
    const pushService = await startLocalPushService({ port: pushServicePort(baseURL!) });
    // A browser of its own (its own service worker): the tap below must find no other tab of
    // the game to bring forward.
    const alertsBrowser = await browser.newContext({
      permissions: ['notifications'],
      viewport: { width: 1280, height: 800 },
    });
    const alerts = await alertsBrowser.newPage();
    await stubPushManager(alerts, pushService.device('e2e'));
    await alerts.goto(paths.game.href(GAME));
    const alert = alerts.getByRole('region', { name: '开奖提醒' });
    await alert.getByRole('button', { name: '开启提醒' }).click();
    await expect(alert.getByRole('status')).toHaveText('已开启：极速六合彩 开奖后会通知本机');
    await expect(alert.getByRole('button', { name: '关闭提醒' })).toBeVisible();
    const key = await request.get('/app-api/api/v2/push/key').then((r) => r.json());
    expect(
      await alerts.evaluate(
        () => (window as unknown as { kjPush: { subscribeKey: string } }).kjPush.subscribeKey,
      ),
    ).toBe(key.data.publicKey);
    await stubVoice(page);
    await page.goto(paths.game.href(GAME));
    await page.evaluate(() => {
      (window as unknown as { kjMarker: string }).kjMarker = 'same page';
    });
    const card = page.getByRole('region', { name: '极速六合彩', exact: true });
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();
    // The draw stage comes with the draw (a minute before a scheduled one; this one is entered
    // by hand, so with its first ball).
    const stage = page.getByRole('region', { name: '开奖现场' });
    const voice = stage.getByRole('button', { name: '语音播报' });
    let late: Page | undefined;

    const before = await drawApi.latest(request, GAME);
    const numbers = freshNumbers(before.status === 'drawing' ? before.numbers : []);
    let last: DrawSnapshot = before;
    for (const number of numbers) {
      last = await drawApi.enterBall(request, GAME, number);
      const year = lunarYearOf(new Date(last.drawAt));
      // The card's own balls (its stage above and the chat's draw card beside it have theirs).
      await expect(
        card
          .locator('.kj-dballs')
          .first()
          .getByRole('img', { name: ballLabel(number, year) }),
      ).toBeVisible();
      await expect(card.locator('.kj-dballs').first().getByRole('img')).toHaveCount(
        last.numbers.length,
      );
      // The card's own issue (the chat's draw card beside it names the draw too).
      await expect(card.locator('.kj-latest__issue')).toHaveText(`第 ${last.issue} 期`);
      const at = last.numbers.length;
      const label = ballLabel(number, year);
      // The stage: the ball in its slot, in order, said aloud; the widget elsewhere has it too.
      await expect(
        stage
          .locator('.kj-stage__slot')
          .nth(at - 1)
          .locator('.kj-stage__ball'),
      ).toHaveAttribute('title', label);
      await expect(stage.locator('.kj-stage__ball')).toHaveCount(at);
      // The first ball this test enters (another spec may have left the draw under way).
      if (number === numbers[0]) {
        await expect(stage.locator('.kj-stage__machine')).toBeVisible();
        await expect(stillStage.locator('.kj-stage__ball')).toHaveCount(at);
        // The voice is off until asked for; from then on each ball is said.
        await expect(voice).toHaveAttribute('aria-pressed', 'false');
        await voice.click();
        await expect(voice).toHaveAttribute('aria-pressed', 'true');
      } else {
        const said = at === 7 ? `特码 ${label}` : `第${ORDINALS[at - 1]}个号码 ${label}`;
        await expect.poll(() => spoken(page)).toContain(said);
      }
      await expect(widget.getByRole('img', { name: label })).toBeVisible();
      await expect(widget.getByRole('img')).toHaveCount(at);
      if (at === 2) {
        // A visitor arriving now finds the two balls in place, not rolling in.
        late = await browser.newPage();
        await late.goto(paths.game.href(GAME));
        const lateStage = late.getByRole('region', { name: '开奖现场' });
        await expect(lateStage.locator('.kj-stage__ball')).toHaveCount(2);
        await expect(lateStage.locator('.kj-stage__slot--in')).toHaveCount(0);
      }
      if (at === 3) {
        // Moving on this page; nothing moving for reduced motion, the balls there all the same.
        await expect
          .poll(() => stage.evaluate((el) => el.getAnimations({ subtree: true }).length))
          .toBeGreaterThan(0);
        await expect(stillStage.locator('.kj-stage__ball')).toHaveCount(3);
        expect(await stillStage.evaluate((el) => el.getAnimations({ subtree: true }).length)).toBe(
          0,
        );
      }
      if (last.status === 'done') break;
      // The card's own (the chat's draw card, after it, says the same).
      await expect(card.getByText('开奖中', { exact: true }).first()).toBeVisible();
      await expect(
        card
          .getByRole('status')
          .filter({ hasText: `第 ${last.numbers.length} 个号码 ${ballLabel(number, year)}` }),
      ).toBeAttached();
    }
    expect(last.status).toBe('done');
    await expect(stage.getByText(`第 ${last.issue} 期开奖完成`)).toBeVisible();
    // Said from the second ball this test enters on (the first turns the voice on); another
    // spec may have left the draw under way, so that is not always six.
    expect(await spoken(page)).toHaveLength(numbers.length - 1);
    await expect(widget.getByText('已开奖')).toBeVisible();
    await late?.close();
    await still.close();
    await friend.close();
    await site.close();

    // The finished draw: 总和 attributes and the countdown to the next one.
    const sum = sumAttributes(last.numbers);
    await expect(card.getByText('已开奖', { exact: true }).first()).toBeVisible();
    await expect(card.getByText(String(sum.sum), { exact: true }).first()).toBeVisible();
    await expect(card.getByText(SUM_SIZE_ZH[sum.size], { exact: true }).first()).toBeVisible();
    await expect(card.getByText(SUM_PARITY_ZH[sum.parity], { exact: true }).first()).toBeVisible();
    await expect(card.getByText(`下期 第 ${last.nextIssue} 期`).first()).toBeVisible();

    // A notification, top right with a 24 px offset, below the header (not under it), gone after
    // 4.5 s.
    const note = page
      .getByRole('status')
      .filter({ hasText: `极速六合彩 第${last.issue}期 开奖结果` });
    await expect(note).toBeVisible();
    const shownAt = Date.now();
    // Measured on the stack that holds the card: the card itself slides in.
    const box = (await note.locator('..').boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(Math.round(viewport.width - (box.x + box.width))).toBe(24);
    const header = (await page.locator('header').first().boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y).toBeLessThan(header.y + header.height + 40);
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

    // The push: encrypted to the device and signed (the local service checked both), shown by
    // the site's worker, and a tap on it opens the game.
    await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBe(1);
    const pushed = JSON.parse(pushService.received[0]!.text) as unknown;
    expect(pushed).toEqual(
      drawPush({
        gameId: GAME,
        gameName: '极速六合彩',
        issue: last.issue,
        numbers: last.numbers,
        lunarYear: lunarYearOf(new Date(last.drawAt)),
        lang: 'zh-Hans',
      }),
    );
    const { title, body } = pushed as { title: string; body: string };
    await alerts.goto(paths.setting.href());
    const settings = alerts.getByRole('region', { name: '开奖提醒' });
    const followed = settings.getByRole('checkbox', { name: '极速六合彩' });
    await expect(followed).toBeChecked();
    const expected = { title, body, tag: `kj-draw-${GAME}`, url: paths.game.href(GAME) };
    await pushAndShow(alertsBrowser, alerts, pushService.received[0]!.text, expected.tag);
    expect(await shownNotifications(alerts)).toEqual([expected]);
    await tapNotification(alertsBrowser);
    await expect(alerts).toHaveURL(new RegExp(`${paths.game.href(GAME)}$`));
    // Turned off in /setting: the server forgets the device, the browser its subscription.
    await alerts.goto(paths.setting.href());
    await expect(followed).toBeChecked();
    await followed.uncheck();
    await expect(settings.getByRole('status')).toHaveText('开奖提醒已更新');
    expect(
      await alerts.evaluate(
        () => (window as unknown as { kjPush: { unsubscribed: number } }).kjPush.unsubscribed,
      ),
    ).toBe(1);
    await alertsBrowser.close();
    await pushService.close();
  });
});
