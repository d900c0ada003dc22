// The operator console as a test drives it: the first owner made by the command line, codes
// computed from the secret the enrolment screen shows (as an authenticator app would).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect } from './fixtures.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONSOLE_PASSWORD = 'harbour-violet-2026';

/** The one-time enrolment link (its token) of each operator the command line added. */
const links = new Map<string, string>();

/** The token of the enrolment link in a text (the command's output, the console's link box). */
export const linkToken = (text: string): string => {
  const token = /\/admin\/enrol#([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no enrolment link in: ${text}`);
  return token;
};

/** `node apps/server/src/cli/operator.ts add` against the e2e server's database. */
export function addOperatorByCli(username: string, role: string): void {
  const r = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'apps/server/src/cli/operator.ts'),
      'add',
      '--username',
      username,
      '--role',
      role,
    ],
    {
      input: `${CONSOLE_PASSWORD}\n`,
      env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
  if (r.status !== 0) throw new Error(`operator.ts add failed: ${r.stderr}`);
  links.set(username, linkToken(r.stdout));
}

/** The code of `secret` `ahead` periods from now (each code signs in once). */
export function totpCode(secret: string, ahead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

/**
 * The first visit, through the one-time link the owner handed over (the command line's when
 * none is given), and the second factor's enrolment; answers the secret.
 */
export async function firstSignIn(
  page: Page,
  username: string,
  link = links.get(username),
  password = CONSOLE_PASSWORD,
) {
  if (!link) throw new Error(`no enrolment link for ${username}`);
  await page.goto(`/admin/enrol#${link}`);
  await expect(page.getByRole('heading', { name: '启用管理员账号' })).toBeVisible();
  await page.getByLabel('密码').fill(password);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('heading', { name: '设置两步验证' })).toBeVisible();
  await expect(page.getByRole('img', { name: '验证器二维码' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  const code = page.getByLabel('验证器中的 6 位验证码');
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(totpCode(secret));
  await page.getByRole('button', { name: '启用两步验证' }).click();
  await expect(page.getByRole('heading', { name: '恢复码' })).toBeVisible();
  await expect(page.getByRole('listitem')).toHaveCount(10);
  await page.getByLabel('我已保存恢复码').check();
  await page.getByRole('button', { name: '进入管理后台' }).click();
  await expect(page.getByRole('heading', { name: '概览', level: 1 })).toBeVisible();
  return secret;
}
