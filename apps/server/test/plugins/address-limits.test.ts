// Every per-address limit counts an IPv6 visitor by its /64 (one subscriber's allocation, in
// which it may pick a fresh address for each request) and an IPv4-mapped address as its IPv4.
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../src/plugins/app/members.ts';
import { QUESTION_LIMIT } from '../../src/routes/content/index.ts';
import {
  client,
  GOOD_PASSWORD,
  memberApp,
  uniqueName,
  URLS,
  type TestApp,
} from '../members/member-helpers.ts';

/** A fresh /64 per call (random: a shared Redis may keep counters between runs). */
const slash64 = () => {
  const g = () => randomInt(1, 0xffff).toString(16);
  const prefix = `2001:db8:${g()}:${g()}`;
  return { prefix, address: () => `${prefix}:${g()}:${g()}:${g()}:${g()}` };
};

describe('per-address limits by /64', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());

  it('sign-in failures from one /64 share one address counter', async () => {
    const net = slash64();
    const max = DEFAULT_LIMITS.loginAddress.max;
    for (let i = 0; i < max; i++) {
      const c = await client(t.app, net.address());
      const res = await c.post(URLS.login, {
        username: uniqueName('ghost'),
        password: 'whatever-123',
      });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const c = await client(t.app, net.address());
    const res = await c.post(URLS.login, {
      username: uniqueName('ghost'),
      password: 'whatever-123',
    });
    expect(res.statusCode).toBe(429);
    // Another /64 is another visitor.
    const other = await client(t.app, slash64().address());
    const ok = await other.post(URLS.login, {
      username: uniqueName('ghost'),
      password: 'whatever-123',
    });
    expect(ok.statusCode).toBe(400);
  });

  it('registrations from one /64 share one counter', async () => {
    const net = slash64();
    const max = DEFAULT_LIMITS.register.max;
    for (let i = 0; i < max; i++) {
      const c = await client(t.app, net.address());
      const res = await c.post(URLS.reg, { username: uniqueName('v6'), password: GOOD_PASSWORD });
      expect(res.statusCode, `registration ${i}`).toBe(200);
    }
    const c = await client(t.app, net.address());
    const res = await c.post(URLS.reg, { username: uniqueName('v6'), password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(429);
  });

  it('questions (the route rate limit) from one /64 share one counter, mapped IPv4 with IPv4', async () => {
    const ask = async (address: string) => {
      const c = await client(t.app, address);
      return c.send({
        method: 'POST',
        url: '/app-api/api/v2/questions',
        payload: { content: '请问怎么收藏开奖结果？' },
      });
    };
    const net = slash64();
    for (let i = 0; i < QUESTION_LIMIT.max; i++) {
      expect((await ask(net.address())).statusCode, `question ${i}`).toBe(200);
    }
    expect((await ask(net.address())).statusCode).toBe(429);
    expect((await ask(slash64().address())).statusCode).toBe(200);

    const v4 = `198.51.${randomInt(0, 255)}.${randomInt(1, 255)}`;
    for (let i = 0; i < QUESTION_LIMIT.max; i++) {
      const res = await ask(i % 2 ? v4 : `::ffff:${v4}`);
      expect(res.statusCode, `question ${i}`).toBe(200);
    }
    expect((await ask(`::ffff:${v4}`)).statusCode).toBe(429);
  });
});
