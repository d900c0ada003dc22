import { ballLabel, lunarYearOf } from '@kaijiang/domain';
import { paths } from '../../apps/web/src/shared/config/paths.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { proxyLiveHosts } from '../support/live-proxy.ts';
import { expectConsoleErrors } from '../support/members.ts';

const GAME = 111;
const HOST_A = 'live-a.kj.test';
const HOST_B = 'live-b.kj.test';
const SNAPSHOT = 70;

test.describe('live socket failover', () => {
  test.afterEach(async ({ request }) => {
    // Finish the draw this test opened, so other screens do not show it drawing for ever.
    const open = await drawApi.latest(request, GAME);
    if (open.status === 'drawing') {
      for (const n of freshNumbers(open.numbers, 7 - open.numbers.length)) {
        await drawApi.enterBall(request, GAME, n);
      }
    }
    await drawApi.setSource(request, GAME, 'simulator');
  });

  test('when the live host dies the client moves to another within a second and stays live', async ({
    page,
    request,
    baseURL,
    consoleErrors,
  }) => {
    // The page's document comes through a route here, so Chromium may refuse the chat's own
    // loopback socket when the chat loads at the foot; the live sockets are what this test checks.
    const live = await proxyLiveHosts(page, {
      hosts: [`ws://${HOST_A}`, `ws://${HOST_B}`],
      server: baseURL!,
    });
    await page.goto(paths.game.href(GAME));
    const card = page.getByRole('region', { name: '香港六合彩', exact: true });
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();

    // The first configured host is the default one (spec §4).
    const first = live.sockets[0]!;
    expect(first.host).toBe(HOST_A);
    await expect.poll(() => first.received.some((r) => r.frame.command === SNAPSHOT)).toBe(true);

    const killedAt = await live.kill(HOST_A);
    await expect(card.getByRole('status', { name: '实时连接：重连中' })).toBeVisible();

    // Back on the other host after the spec's 1 s, with a fresh snapshot.
    await expect
      .poll(() => live.sockets.filter((s) => s.host === HOST_B).length, { timeout: 5000 })
      .toBe(1);
    const second = live.sockets.find((s) => s.host === HOST_B)!;
    const delay = second.openedAt - killedAt;
    expect(delay).toBeGreaterThanOrEqual(900);
    expect(delay).toBeLessThan(2500);
    await expect
      .poll(() => second.received.find((r) => r.frame.command === SNAPSHOT)?.at ?? 0, {
        timeout: 2000,
      })
      .toBeGreaterThan(0);
    await expect(card.getByRole('status', { name: '实时连接：实时' })).toBeVisible();
    expect(live.sockets.filter((s) => s.host === HOST_A)).toHaveLength(1);

    // Snapshots keep arriving on the new connection: a ball drawn now shows up at once.
    await drawApi.setSource(request, GAME, 'manual');
    const before = await drawApi.latest(request, GAME);
    const [number] = freshNumbers(before.status === 'drawing' ? before.numbers : [], 1);
    const snap = await drawApi.enterBall(request, GAME, number!);
    await expect(
      card.getByRole('img', { name: ballLabel(number!, lunarYearOf(new Date(snap.drawAt))) }),
    ).toBeVisible();
    await expect(card.locator('.kj-dballs').getByRole('img')).toHaveCount(snap.numbers.length);
    expect(
      second.received.some(
        (r) =>
          r.frame.command === SNAPSHOT &&
          (r.frame.content as { numbers: string[] }).numbers.includes(number!),
      ),
    ).toBe(true);
    // The chat's socket tries again on its back-off while the page is open (CI once logged a
    // refusal after this check): closed first, every refusal it will log is in the list here.
    await page.close();
    expectConsoleErrors(consoleErrors, /chat-api\/ws.*LOCAL_NETWORK_ACCESS/);
  });
});
