import type { APIRequestContext } from '@playwright/test';

let seq = 0;
/** A username no earlier run of the suite has taken (the server may be reused locally). */
export const freshUsername = (prefix = 'e2e'): string =>
  `${prefix}${Date.now().toString(36).slice(-6)}${++seq}`.slice(0, 16);

/** Registers through the API the way the page does (XSRF pair, form body); returns the token. */
export async function registerByApi(
  request: APIRequestContext,
  username: string,
  password: string,
): Promise<string> {
  // A browser says where it calls from; the server signs a token only for a browser.
  await request.get('/app-api/health', { headers: { 'sec-fetch-site': 'same-origin' } });
  const cookies = (await request.storageState()).cookies;
  const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  if (!xsrf) throw new Error('no XSRF-TOKEN cookie');
  const send = () =>
    request.post('/app-api/v/user/reg', {
      form: { username, password },
      headers: { 'X-XSRF-TOKEN': xsrf },
    });
  let res = await send();
  // Parallel workers share 127.0.0.1, and an address registers one at a time: a registration
  // still being hashed for another worker answers 429 with Retry-After: 1.
  for (
    let tries = 0;
    res.status() === 429 && res.headers()['retry-after'] === '1' && tries < 10;
    tries++
  ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    res = await send();
  }
  if (!res.ok()) throw new Error(`registration failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** Drops the console errors a test provokes on purpose (e.g. Chromium logging a 4xx answer). */
export function expectConsoleErrors(errors: string[], pattern: RegExp): void {
  for (let i = errors.length - 1; i >= 0; i--) if (pattern.test(errors[i]!)) errors.splice(i, 1);
}

let lookingMember: Promise<string> | undefined;
/**
 * One member's token for the specs that only look at the member screens (dark mode, boxes, 繁):
 * the server lets an address register a few accounts an hour (REGISTRATIONS_PER_HOUR),
 * and the suite's specs that need an account of their own already come close to that.
 */
export function lookingMemberToken(request: APIRequestContext): Promise<string> {
  lookingMember ??= registerByApi(request, freshUsername('look'), 'violet-harbour-42');
  return lookingMember;
}
