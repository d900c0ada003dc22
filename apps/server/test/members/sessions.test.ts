import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, memberApp, registered, URLS, type TestApp } from './member-helpers.ts';

const DAY = 86_400_000;

describe('token expiry: 30 days sliding, 90 days at most', () => {
  let t: TestApp;
  let now = Date.parse('2026-03-01T00:00:00Z');
  beforeAll(async () => {
    t = await memberApp({}, { members: { now: () => new Date(now) } });
  });
  afterAll(() => t.close());

  it('expires a token unused for 30 days', async () => {
    const { token, c } = await registered(t.app);
    now += 29 * DAY;
    expect((await c.get(URLS.info, token)).statusCode).toBe(200);
    // That use moved the expiry: 29 more days are fine, 31 are not.
    now += 29 * DAY;
    expect((await c.get(URLS.info, token)).statusCode).toBe(200);
    now += 31 * DAY;
    const res = await c.get(URLS.info, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UC/TOKEN_INVALID');
  });

  it('ends every token 90 days after sign-in, however often it is used', async () => {
    const { token } = await registered(t.app);
    const c = await client(t.app);
    for (let day = 0; day < 89; day += 7) {
      now += 7 * DAY;
      const status = (await c.get(URLS.info, token)).statusCode;
      if (day + 7 < 90) expect(status, `day ${day + 7}`).toBe(200);
    }
    now += 7 * DAY;
    expect((await c.get(URLS.info, token)).json().code).toBe('UC/TOKEN_INVALID');
  });

  it('sweeps expired sessions from the table', async () => {
    await registered(t.app);
    now += 100 * DAY;
    expect(await t.app.members.sweepSessions()).toBeGreaterThan(0);
    expect(await t.app.repos.sessions.count()).toBe(0);
  });
});
