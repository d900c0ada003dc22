import type { APIRequestContext, Page } from '@playwright/test';
import { paths, type PathName } from '../../apps/web/src/shared/config/paths.ts';
import { paths as consolePaths } from '../../apps/web/src/console/shared/paths.ts';
import { addOperatorByCli, firstSignIn } from '../support/console.ts';
import { contentApi } from '../support/content.ts';
import { drawApi, freshNumbers } from '../support/draws.ts';
import { expect, test } from '../support/fixtures.ts';
import { SIZES, clippingProblems, fillChat } from '../support/layout.ts';

/** A series of the demo library and its newest issue: the gallery's screens with content. */
interface Shown {
  id: number;
  issue: string;
}

/** A real address for each route of the web app's table (those with parameters get one). */
function hrefOf(name: PathName, g: Shown): string {
  switch (name) {
    case 'game':
      return paths.game.href(110);
    case 'newsDetail':
      return paths.newsDetail.href(1);
    case 'lotteryTrend':
      return paths.lotteryTrend.href(110);
    case 'galleryDetail':
      return paths.galleryDetail.href(110, 1);
    case 'gallerySeries':
      return paths.gallerySeries.href(110, g.id);
    case 'galleryIssue':
      return paths.galleryIssue.href(110, g.id, g.issue);
    case 'galleryYear':
      return paths.galleryYear.href(110, g.id, g.issue.slice(0, 4));
    default:
      return (paths[name].href as () => string)();
  }
}
const routesOf = (g: Shown) => (Object.keys(paths) as PathName[]).map((n) => hrefOf(n, g));

async function shownSeries(request: APIRequestContext): Promise<Shown> {
  const s = (await contentApi.series(request, { gameId: 110, pageSize: 1 })).items[0]!;
  return { id: s.id, issue: s.latestIssue! };
}
const LIVE_GAME = 120;

/** Enters the balls a draw under way still lacks, so the game is left between two draws. */
async function finishDraw(request: APIRequestContext, gameId: number) {
  const now = await drawApi.latest(request, gameId);
  if (now.status !== 'drawing') return;
  for (const number of freshNumbers(now.numbers, 7 - now.numbers.length)) {
    await drawApi.enterBall(request, gameId, number);
  }
  expect((await drawApi.latest(request, gameId)).status).not.toBe('drawing');
}

/**
 * Checks the screen as it is in both colour schemes (the scheme changes no box, but a dark-only
 * rule could). The extras that load as they come near (chat, calendar) are brought in first.
 */
async function expectWhole(page: Page, where: string) {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForTimeout(250);
  await page.evaluate(() => window.scrollTo(0, 0));
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    for (const p of await clippingProblems(page)) found.push(`${where} ${colorScheme}: ${p}`);
  }
  expect(found).toEqual([]);
}

/**
 * A draw's result pops up below the header (never under it) and, on a desktop, clear of the chat
 * beside the draw.
 */
async function expectToastsClear(page: Page) {
  const boxes = await page.evaluate(() => {
    const rect = (s: string) => {
      const r = document.querySelector(s)?.getBoundingClientRect();
      return r && { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    };
    return { toasts: rect('.kj-notices'), header: rect('.kj-header'), chat: rect('.kj-side-chat') };
  });
  if (!boxes.toasts) return;
  expect(boxes.toasts.top).toBeGreaterThanOrEqual(boxes.header!.bottom);
  if (boxes.chat && boxes.chat.right > boxes.chat.left) {
    const apart = boxes.toasts.right <= boxes.chat.left || boxes.toasts.left >= boxes.chat.right;
    expect(apart, 'the toasts are clear of the chat').toBe(true);
  }
}

test.describe('nothing is cut off and nothing overflows sideways', () => {
  for (const [size, viewport] of Object.entries(SIZES)) {
    test(`every screen of the site on a ${size}`, async ({ page, request }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // Every screen in both scripts over the two sizes: half in each on one size, and the
      // other way round on the other.
      const hant = size === 'phone' ? 1 : 0;
      await page.addInitScript((odd) => {
        const n = Number(sessionStorage.getItem('kj-layout-n') ?? '0');
        sessionStorage.setItem('kj-layout-n', String(n + 1));
        localStorage.setItem('locale', n % 2 === odd ? 'zh-Hant' : 'zh-Hans');
      }, hant);
      for (const route of routesOf(await shownSeries(request))) {
        await page.goto(route);
        await expectWhole(page, `${route} (${size})`);
      }
    });
  }

  test('during a live draw with the stage on, beside a chat of 200 messages', async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    fillChat(['lobby', 'game-110', 'game-111', `game-${LIVE_GAME}`], 200);
    await drawApi.setSource(request, LIVE_GAME, 'manual');
    try {
      const before = await drawApi.latest(request, LIVE_GAME);
      // Three balls of seven: the stage is on and the draw under way while the screens are
      // checked; the draw is finished below, so no other spec finds it half drawn.
      const out = before.status === 'drawing' ? before.numbers.length : 0;
      for (const number of freshNumbers(before.status === 'drawing' ? before.numbers : []).slice(
        0,
        Math.max(0, 3 - out),
      )) {
        await drawApi.enterBall(request, LIVE_GAME, number);
      }
      for (const [size, viewport] of Object.entries(SIZES)) {
        await page.setViewportSize(viewport);
        for (const route of [paths.live.href(), paths.game.href(LIVE_GAME), paths.game.href(110)]) {
          await page.goto(route);
          if (route !== paths.game.href(110)) {
            await expect(page.locator('.kj-stage').first()).toBeVisible();
          }
          await expectWhole(page, `${route} (${size}, drawing)`);
          await expectToastsClear(page);
        }
      }
      // Beside the draw on a desktop the chat scrolls inside a panel as high as the draw card,
      // its foot (the input, or the way to sign in) in sight: it does not grow with its messages.
      await page.setViewportSize(SIZES.desktop);
      await page.goto(paths.game.href(110));
      const list = page.locator('.kj-side-chat .kj-chat__list');
      await expect(list.locator('.kj-chat__msg').first()).toBeVisible();
      const box = await page.evaluate(() => {
        const rect = (s: string) => document.querySelector(s)!.getBoundingClientRect();
        const l = document.querySelector('.kj-side-chat .kj-chat__list')!;
        return {
          scrolls: l.scrollHeight > l.clientHeight,
          chatBottom: rect('.kj-side-chat .kj-chat').bottom,
          row: rect('.kj-stage-row').height,
        };
      });
      expect(box.scrolls).toBe(true);
      expect(box.chatBottom).toBeLessThanOrEqual(SIZES.desktop.height);
      expect(box.row).toBeLessThan(SIZES.desktop.height);
    } finally {
      await finishDraw(request, LIVE_GAME);
      await drawApi.setSource(request, LIVE_GAME, 'simulator');
    }
  });

  test("the console's sections", async ({ page }) => {
    test.setTimeout(60_000);
    const owner = `layout${Date.now().toString(36)}`;
    addOperatorByCli(owner, 'owner');
    await firstSignIn(page, owner);
    const sections = Object.values(consolePaths).filter((p) => typeof p === 'string');
    for (const [size, viewport] of Object.entries(SIZES)) {
      await page.setViewportSize(viewport);
      for (const section of sections) {
        await page.goto(section);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectWhole(page, `${section} (${size})`);
      }
    }
  });
});
