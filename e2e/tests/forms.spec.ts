// Every input on every screen has a box a visitor can see and a name a screen reader says, at
// both widths and in both colour schemes; the visitor forms keep one look.
import { addOperatorByCli, firstSignIn } from '../support/console.ts';
import {
  CONSOLE_ROUTES,
  controlProblems,
  MEMBER_ROUTES,
  PUBLIC_ROUTES,
  reachable,
  SIZES,
  settled,
  type ControlProblem,
} from '../support/every-screen.ts';
import { expect, test } from '../support/fixtures.ts';
import { freshUsername, lookingMemberToken, registerByApi } from '../support/members.ts';
import type { Page } from '@playwright/test';

/** The page's controls at both widths, light and dark, without loading it again. */
async function everyWay(page: Page, schemes: ('light' | 'dark')[] = ['light', 'dark']) {
  const found: (ControlProblem & { at: string })[] = [];
  for (const size of SIZES)
    for (const colorScheme of schemes) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme });
      for (const p of await controlProblems(page))
        found.push({ ...p, at: `${size.width}px ${colorScheme}` });
    }
  return found;
}

test.describe('every input has a visible box and a label', () => {
  test.use({ reducedMotion: 'reduce' });

  for (const route of PUBLIC_ROUTES) {
    test(`site ${route}`, async ({ page, request }) => {
      await page.goto(await reachable(route, request));
      await settled(page);
      expect(await everyWay(page)).toEqual([]);
    });
  }

  test('the member screens', async ({ page, request }) => {
    const token = await lookingMemberToken(request);
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    for (const route of MEMBER_ROUTES) {
      await page.goto(route);
      await settled(page);
      expect(await everyWay(page), route).toEqual([]);
    }
  });

  test('the console sections', async ({ page }) => {
    test.setTimeout(90_000);
    const name = freshUsername('boxop');
    addOperatorByCli(name, 'owner');
    await firstSignIn(page, name);
    for (const route of CONSOLE_ROUTES) {
      await page.goto(route);
      await settled(page);
      // The console has one (light) scheme of its own.
      expect(await everyWay(page, ['light']), route).toEqual([]);
    }
  });
});

test.describe('the visitor forms', () => {
  test('register: boxed fields, placeholders lighter than typed text, errors in red', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/auth/register');
    const username = page.getByLabel('用户名');
    const look = await username.evaluate((el) => {
      const s = getComputedStyle(el);
      const p = getComputedStyle(el, '::placeholder');
      return { width: el.getBoundingClientRect().width, text: s.color, placeholder: p.color };
    });
    // Not stretched across a desktop column.
    expect(look.width).toBeLessThanOrEqual(480);
    expect(look.placeholder).not.toBe(look.text);
    // The phone field is there, labelled.
    await expect(page.getByLabel(/^手机号/)).toBeVisible();
    await page.getByRole('button', { name: '注册并登录' }).click();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    const error = page.locator('.kj-field__error').first();
    await expect(error).toHaveText('请输入用户名');
    const colours = await error.evaluate((el) => ({
      error: getComputedStyle(el).color,
      placeholder: getComputedStyle(
        el.closest('.kj-field')!.querySelector('input')!,
        '::placeholder',
      ).color,
    }));
    expect(colours.error).not.toBe(colours.placeholder);
  });

  test('个人资料: the avatar is uploaded, never typed', async ({ page, request }) => {
    const token = await registerByApi(request, freshUsername('ava'), 'violet-harbour-42');
    await page.addInitScript((t) => localStorage.setItem('access_token', t), token);
    await page.goto('/user-information');
    await expect(page.getByRole('textbox', { name: /头像/ })).toHaveCount(0);
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByLabel('更换头像')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
    await expect(page.locator('.kj-avatar-pick__img img')).toHaveAttribute(
      'src',
      /^\/sys-upload\/avatar\/\d{6}\/[0-9a-f]{24}\.png$/,
    );
  });

  test('search: a refused search takes the last results away', async ({ page }) => {
    await page.goto('/lottery-history?tab=search');
    // The server's form is in place before the app takes it over: typed into before that, the
    // field is the app's empty one again (a loaded CI machine hydrated after the fill).
    await expect(page.locator('#root[data-hydrated]')).toBeAttached();
    await page.getByLabel('号码', { exact: true }).fill('07');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByText(/找到 \d+ 期/)).toBeVisible();
    await page.getByLabel('号码', { exact: true }).fill('99');
    await page.getByRole('button', { name: '搜索', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('01 到 49');
    await expect(page.getByText(/找到 \d+ 期/)).toHaveCount(0);
  });
});
