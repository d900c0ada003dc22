// With 繁 chosen, nothing a visitor reads is left in Simplified: what the interface says and
// what comes from the server (game names, schedules, notices, news, captions, FAQ, company
// pages). The judge is opencc-js itself: no character of the page would it change.
import { ConverterFactory } from 'opencc-js/core';
import cn from 'opencc-js/from/cn';
import tw from 'opencc-js/to/tw';
import type { Page } from '@playwright/test';
import {
  MEMBER_ROUTES,
  PUBLIC_ROUTES,
  reachable,
  SIZES,
  settled,
  visibleText,
} from '../support/every-screen.ts';
import { expect, test } from '../support/fixtures.ts';
import { lookingMemberToken } from '../support/members.ts';

const toTraditional = ConverterFactory(cn, tw);

/** The Simplified characters of the page at both widths, each with a little of its context. */
async function simplifiedOn(page: Page): Promise<string[]> {
  const found = new Set<string>();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const line of (await visibleText(page)).split('\n')) {
      const converted = toTraditional(line);
      if (converted === line) continue;
      const chars = [...line];
      const to = [...converted];
      chars.forEach((ch, i) => {
        if (to[i] !== ch) found.add(`${ch}→${to[i] ?? ''} in "${line.trim().slice(0, 40)}"`);
      });
    }
  }
  return [...found];
}

test.describe('繁: every route in Traditional Chinese', () => {
  test.use({ reducedMotion: 'reduce' });
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'zh-Hant'));
  });

  for (const route of PUBLIC_ROUTES) {
    test(`site ${route}`, async ({ page, request }) => {
      await page.goto(await reachable(route, request));
      await settled(page);
      expect(await simplifiedOn(page)).toEqual([]);
    });
  }

  test('the member screens', async ({ page, request }) => {
    const token = await lookingMemberToken(request);
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    for (const route of MEMBER_ROUTES) {
      await page.goto(route);
      await settled(page);
      expect(await simplifiedOn(page), route).toEqual([]);
    }
  });

  test('choosing 繁 converts the page in place, and 简 puts it back', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('locale', 'zh-Hans'));
    await page.goto('/game/110');
    await settled(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳门六合彩');
    await page.getByRole('button', { name: /繁/ }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳門六合彩');
    expect(await simplifiedOn(page)).toEqual([]);
    await page.getByRole('button', { name: /简|簡/ }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('新澳门六合彩');
  });
});
