import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMemoryLimiter,
  createRedisLimiter,
  lockMs,
  type AttemptLimiter,
  type AttemptPolicy,
} from '../../src/members/attempt-limiter.ts';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import {
  client,
  GOOD_PASSWORD,
  memberApp,
  registered,
  uniqueName,
  URLS,
  type TestApp,
} from './member-helpers.ts';

const POLICY: AttemptPolicy = {
  max: 5,
  windowMs: 15 * 60_000,
  baseLockMs: 5 * 60_000,
  maxLockMs: 60 * 60_000,
  memoryMs: 24 * 3_600_000,
};

describe('attempt limiter (in memory)', () => {
  it('locks after max failures in the window, longer each time, capped, never for good', async () => {
    let now = 0;
    const l = createMemoryLimiter(POLICY, { now: () => now });
    const fail5 = async () => {
      let started = 0;
      for (let i = 0; i < 5; i++) started = await l.fail(['acct:a']);
      return started;
    };
    expect(await l.blockedFor(['acct:a'])).toBe(0);
    for (let i = 0; i < 4; i++) expect(await l.fail(['acct:a'])).toBe(0);
    expect(await l.blockedFor(['acct:a'])).toBe(0);
    expect(await l.fail(['acct:a'])).toBe(5 * 60_000);
    expect(await l.blockedFor(['acct:a', 'ip:1'])).toBe(5 * 60_000);
    expect(await l.blockedFor(['acct:b'])).toBe(0);

    const locks: number[] = [5 * 60_000];
    for (let round = 0; round < 6; round++) {
      now += locks.at(-1)!;
      expect(await l.blockedFor(['acct:a'])).toBe(0);
      locks.push(await fail5());
    }
    expect(locks.map((ms) => ms / 60_000)).toEqual([5, 10, 20, 40, 60, 60, 60]);

    // A quiet day forgets the streak.
    now += 60 * 60_000 + POLICY.memoryMs;
    expect(await fail5()).toBe(5 * 60_000);
  });

  it('counts failures in a window only, and a reset forgets them', async () => {
    let now = 0;
    const l = createMemoryLimiter(POLICY, { now: () => now });
    for (let i = 0; i < 4; i++) await l.fail(['k']);
    now += POLICY.windowMs;
    for (let i = 0; i < 4; i++) expect(await l.fail(['k'])).toBe(0);
    await l.reset(['k']);
    for (let i = 0; i < 4; i++) expect(await l.fail(['k'])).toBe(0);
  });

  it('stays bounded', async () => {
    const l = createMemoryLimiter(POLICY, { maxKeys: 100 });
    for (let i = 0; i < 1000; i++) await l.fail([`ip:${i}`]);
    expect(l.size()).toBeLessThanOrEqual(100);
  });

  it('lockMs never overflows', () => {
    expect(lockMs(POLICY, 10_000)).toBe(POLICY.maxLockMs);
  });
});

async function lockOut(c: Awaited<ReturnType<typeof client>>, username: string) {
  for (let i = 0; i < 5; i++) {
    const res = await c.post(URLS.login, { username, password: `wrong-${i}-password` });
    expect(res.json().code).toBe('UC/BAD_CREDENTIALS');
  }
}

function routeLimitTests(get: () => TestApp) {
  it('locks an account after 5 failures: 429 REQ/RATE_LIMITED with Retry-After', async () => {
    const { username, password } = await registered(get().app);
    const c = await client(get().app);
    await lockOut(c, username);
    // Even the right password waits: the lock is decided before any hashing.
    const res = await c.post(URLS.login, { username, password });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'REQ/RATE_LIMITED', msg: expect.stringMatching(/分钟/), data: null });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(300);
    // From another address too: the account is what is locked.
    const other = await client(get().app);
    expect((await other.post(URLS.login, { username, password })).statusCode).toBe(429);
  });

  it('a successful sign-in resets the account counter', async () => {
    const { username, password } = await registered(get().app);
    const c = await client(get().app);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) await c.post(URLS.login, { username, password: 'nope-nope-nope' });
      expect((await c.post(URLS.login, { username, password })).statusCode).toBe(200);
    }
  });

  it('limits an address across accounts', async () => {
    const c = await client(get().app);
    for (let i = 0; i < 20; i++) {
      const res = await c.post(URLS.login, { username: uniqueName('ghost'), password: 'whatever-123' });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const res = await c.post(URLS.login, { username: uniqueName('ghost'), password: 'whatever-123' });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('limits registrations per address', async () => {
    const c = await client(get().app);
    for (let i = 0; i < 10; i++) {
      const res = await c.post(URLS.reg, { username: uniqueName('bulk'), password: GOOD_PASSWORD });
      expect(res.statusCode, `registration ${i}`).toBe(200);
    }
    const before = await get().app.repos.members.count();
    const res = await c.post(URLS.reg, { username: uniqueName('bulk'), password: GOOD_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('REQ/RATE_LIMITED');
    expect(await get().app.repos.members.count()).toBe(before);
  });

  it('limits guessing the old password on a password change', async () => {
    const { token, c } = await registered(get().app);
    for (let i = 0; i < 5; i++) {
      const res = await c.post(
        URLS.password,
        { type: 'login', oldPassword: `guess-${i}-guess`, newPassword: 'copper-lantern-77' },
        token,
      );
      expect(res.json().code).toBe('UC/BAD_PASSWORD');
    }
    const res = await c.post(
      URLS.password,
      { type: 'login', oldPassword: 'guess-x-guess', newPassword: 'copper-lantern-77' },
      token,
    );
    expect(res.statusCode).toBe(429);
  });
}

describe('attempt limits on the routes (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
  });
  afterAll(() => t.close());
  routeLimitTests(() => t);
});

describe('attempt limits in Redis', async () => {
  const redis: TestRedis | null = await startTestRedis();
  let t: TestApp;
  let r: Redis;
  beforeAll(async () => {
    if (!redis) return;
    t = await memberApp({ redisUrl: redis.url });
    r = new Redis(redis.url);
  });
  afterAll(async () => {
    r?.disconnect();
    await t?.close();
    await redis?.close();
  });

  it.skipIf(!redis)('shares counters between instances', async () => {
    const second = await memberApp({ redisUrl: redis!.url });
    try {
      // Same company prefix, different processes: failures on one lock the other.
      const name = uniqueName('shared');
      const c1 = await client(t.app);
      for (let i = 0; i < 3; i++) await c1.post(URLS.login, { username: name, password: 'bad-bad-bad' });
      const c2 = await client(second.app);
      for (let i = 0; i < 2; i++) await c2.post(URLS.login, { username: name, password: 'bad-bad-bad' });
      expect((await c2.post(URLS.login, { username: name, password: 'bad-bad-bad' })).statusCode).toBe(429);
      expect((await c1.post(URLS.login, { username: name, password: 'bad-bad-bad' })).statusCode).toBe(429);
      const keys = await r.keys(`kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:*`);
      expect(keys.sort()).toEqual(
        [`kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:lock`, `kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:streak`],
      );
      const ttl = await r.pttl(`kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:lock`);
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    } finally {
      await second.close();
    }
  });

  it.skipIf(!redis)('grows the lock and caps it', async () => {
    const policy: AttemptPolicy = { max: 2, windowMs: 10_000, baseLockMs: 40, maxLockMs: 100, memoryMs: 10_000 };
    const local = createMemoryLimiter(policy);
    const l: AttemptLimiter = createRedisLimiter({
      redis: r,
      prefix: `test:${uniqueName()}:`,
      policy,
      fallback: local,
      log: t.app.log,
    });
    const locks: number[] = [];
    for (let round = 0; round < 4; round++) {
      await l.fail(['k']);
      locks.push(await l.fail(['k']));
      expect(await l.blockedFor(['k'])).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, locks.at(-1)! + 20));
      expect(await l.blockedFor(['k'])).toBe(0);
    }
    expect(locks).toEqual([40, 80, 100, 100]);
    await l.reset(['k']);
  });

  it.skipIf(!redis?.stop)('keeps limiting per process while Redis is down', async () => {
    const policy: AttemptPolicy = { max: 2, windowMs: 10_000, baseLockMs: 60_000, maxLockMs: 60_000, memoryMs: 1 };
    const down = new Redis('redis://127.0.0.1:1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    down.on('error', () => undefined);
    const l = createRedisLimiter({
      redis: down,
      prefix: 'x:',
      policy,
      fallback: createMemoryLimiter(policy),
      log: t.app.log,
    });
    await l.fail(['k']);
    expect(await l.fail(['k'])).toBe(60_000);
    expect(await l.blockedFor(['k'])).toBeGreaterThan(0);
    down.disconnect();
  });

  describe.skipIf(!redis)('the same route behaviour', () => {
    routeLimitTests(() => t);
  });
});
