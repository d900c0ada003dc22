import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUSY_RETRY_MS,
  createMemoryLimiter,
  createRedisLimiter,
  lockMs,
  single,
  type AttemptLimiter,
  type AttemptPolicy,
  type AttemptTicket,
} from '../../src/services/members/attempt-limiter.ts';
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

const scope = single('test', POLICY);

/** One attempt that a hash said no to: the lock it started, or the refusal's wait. */
async function fail(l: AttemptLimiter, keys: string[]): Promise<number> {
  const r = await l.reserve(keys);
  if (!r.ok) return -r.waitMs;
  return l.finish(r.ticket, 'failed');
}
/** Milliseconds until the keys may try again (0: they may), without counting an attempt. */
async function blockedFor(l: AttemptLimiter, keys: string[]): Promise<number> {
  const r = await l.reserve(keys);
  if (!r.ok) return r.waitMs;
  await l.finish(r.ticket, 'undone');
  return 0;
}

describe('attempt limiter (in memory)', () => {
  it('locks after max failures in the window, longer each time, capped, never for good', async () => {
    let now = 0;
    const l = createMemoryLimiter(scope, { now: () => now });
    const fail5 = async () => {
      let started = 0;
      for (let i = 0; i < 5; i++) started = await fail(l, ['acct:a']);
      return started;
    };
    expect(await blockedFor(l, ['acct:a'])).toBe(0);
    for (let i = 0; i < 4; i++) expect(await fail(l, ['acct:a'])).toBe(0);
    expect(await blockedFor(l, ['acct:a'])).toBe(0);
    expect(await fail(l, ['acct:a'])).toBe(5 * 60_000);
    expect(await blockedFor(l, ['acct:a', 'ip:1'])).toBe(5 * 60_000);
    expect(await blockedFor(l, ['acct:b'])).toBe(0);

    const locks: number[] = [5 * 60_000];
    for (let round = 0; round < 6; round++) {
      now += locks.at(-1)!;
      expect(await blockedFor(l, ['acct:a'])).toBe(0);
      locks.push(await fail5());
    }
    expect(locks.map((ms) => ms / 60_000)).toEqual([5, 10, 20, 40, 60, 60, 60]);

    // A quiet day forgets the streak.
    now += 60 * 60_000 + POLICY.memoryMs;
    expect(await fail5()).toBe(5 * 60_000);
  });

  it('counts failures in a window only, and a forgiven key forgets them', async () => {
    let now = 0;
    const l = createMemoryLimiter(scope, { now: () => now });
    for (let i = 0; i < 4; i++) await fail(l, ['k']);
    now += POLICY.windowMs;
    for (let i = 0; i < 4; i++) expect(await fail(l, ['k'])).toBe(0);
    const r = await l.reserve(['k', 'ip:x']);
    expect(r.ok).toBe(true);
    await l.finish((r as { ticket: AttemptTicket }).ticket, 'undone', ['k']);
    for (let i = 0; i < 4; i++) expect(await fail(l, ['k'])).toBe(0);
  });

  it('stays bounded', async () => {
    const l = createMemoryLimiter(scope, { maxKeys: 100 });
    for (let i = 0; i < 1000; i++) await fail(l, [`ip:${i}`]);
    expect(l.size()).toBeLessThanOrEqual(100);
  });

  it('lockMs never overflows', () => {
    expect(lockMs(POLICY, 10_000)).toBe(POLICY.maxLockMs);
  });

  reservationTests(() => createMemoryLimiter(scope));

  it('a reservation whose holder vanished lapses, and its failure stands', async () => {
    let now = 0;
    const l = createMemoryLimiter(scope, { now: () => now, holdMs: 1000 });
    for (let i = 0; i < 4; i++) await fail(l, ['k']);
    expect((await l.reserve(['k'])).ok).toBe(true); // never finished
    expect(await l.reserve(['k'])).toEqual({ ok: false, waitMs: BUSY_RETRY_MS, busy: true });
    now += 1000;
    // Five failures counted: the next attempt finds the lock instead of a hash.
    expect(await l.reserve(['k'])).toEqual({ ok: false, waitMs: 5 * 60_000, busy: false });
  });
});

/** The reservation rules, the same for both implementations. */
function reservationTests(make: () => AttemptLimiter) {
  it('holds one attempt per key at a time, over all its keys at once or none', async () => {
    const l = make();
    const a = `acct:${uniqueName()}`;
    const first = await l.reserve([a, 'ip:1']);
    expect(first.ok).toBe(true);
    // Either key in flight refuses, briefly, without reserving the other key.
    expect(await l.reserve([a, 'ip:2'])).toEqual({ ok: false, waitMs: BUSY_RETRY_MS, busy: true });
    expect(await l.reserve([`acct:${uniqueName()}`, 'ip:1'])).toMatchObject({ busy: true });
    const other = await l.reserve(['ip:2']);
    expect(other.ok).toBe(true);
    await l.finish((other as { ticket: AttemptTicket }).ticket, 'undone');
    await l.finish((first as { ticket: AttemptTicket }).ticket, 'failed');
    const again = await l.reserve([a, 'ip:2']);
    expect(again.ok).toBe(true);
    await l.finish((again as { ticket: AttemptTicket }).ticket, 'undone');
  });

  it('counts the reservation as the failure: the fifth in flight makes a sixth wait, not lock', async () => {
    const l = make();
    const a = `acct:${uniqueName()}`;
    for (let i = 0; i < 4; i++) expect(await fail(l, [a])).toBe(0);
    const fifth = await l.reserve([a]);
    expect(fifth.ok).toBe(true);
    expect(await l.reserve([a])).toMatchObject({ ok: false, busy: true });
    // The fifth turns out right: nothing locked, the account forgiven.
    expect(await l.finish((fifth as { ticket: AttemptTicket }).ticket, 'undone', [a])).toBe(0);
    for (let i = 0; i < 4; i++) expect(await fail(l, [a])).toBe(0);
    // Now a wrong fifth locks, and the sixth is refused without a reservation.
    expect(await fail(l, [a])).toBe(5 * 60_000);
    const sixth = await l.reserve([a]);
    expect(sixth.ok).toBe(false);
    expect((sixth as { waitMs: number }).waitMs).toBeGreaterThan(4 * 60_000);
    expect((sixth as { busy: boolean }).busy).toBe(false);
  });

  it('a finish sent twice (a retry after a lost reply) takes nothing back twice', async () => {
    const l = make();
    const a = `acct:${uniqueName()}`;
    for (let i = 0; i < 4; i++) expect(await fail(l, [a])).toBe(0);
    const r = await l.reserve([a]);
    expect(r.ok).toBe(true);
    await l.finish((r as { ticket: AttemptTicket }).ticket, 'undone');
    await l.finish((r as { ticket: AttemptTicket }).ticket, 'undone');
    expect(await fail(l, [a])).toBe(5 * 60_000);
  });

  it('an attempt taken back costs nothing', async () => {
    const l = make();
    const a = `acct:${uniqueName()}`;
    for (let i = 0; i < 20; i++) {
      const r = await l.reserve([a]);
      expect(r.ok).toBe(true);
      await l.finish((r as { ticket: AttemptTicket }).ticket, 'undone');
    }
    for (let i = 0; i < 4; i++) expect(await fail(l, [a])).toBe(0);
    expect(await fail(l, [a])).toBe(5 * 60_000);
  });
}

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
    expect(res.json()).toEqual({
      code: 'REQ/RATE_LIMITED',
      msg: expect.stringMatching(/分钟/),
      data: null,
    });
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
      for (let i = 0; i < 4; i++)
        await c.post(URLS.login, { username, password: 'nope-nope-nope' });
      expect((await c.post(URLS.login, { username, password })).statusCode).toBe(200);
    }
  });

  it('limits an address across accounts', async () => {
    const c = await client(get().app);
    for (let i = 0; i < 20; i++) {
      const res = await c.post(URLS.login, {
        username: uniqueName('ghost'),
        password: 'whatever-123',
      });
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const res = await c.post(URLS.login, {
      username: uniqueName('ghost'),
      password: 'whatever-123',
    });
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

describe('REGISTRATIONS_PER_HOUR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp({ registrationsPerHour: 3 });
  });
  afterAll(() => t.close());

  it('sets how many accounts an address registers before 429', async () => {
    const c = await client(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (await c.post(URLS.reg, { username: uniqueName('cap'), password: GOOD_PASSWORD }))
          .statusCode,
      );
    expect(codes).toEqual([200, 200, 200, 429]);
  });
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
      for (let i = 0; i < 3; i++)
        await c1.post(URLS.login, { username: name, password: 'bad-bad-bad' });
      const c2 = await client(second.app);
      for (let i = 0; i < 2; i++)
        await c2.post(URLS.login, { username: name, password: 'bad-bad-bad' });
      expect(
        (await c2.post(URLS.login, { username: name, password: 'bad-bad-bad' })).statusCode,
      ).toBe(429);
      expect(
        (await c1.post(URLS.login, { username: name, password: 'bad-bad-bad' })).statusCode,
      ).toBe(429);
      const keys = await r.keys(`kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:*`);
      expect(keys.sort()).toEqual([
        `kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:lock`,
        `kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:streak`,
      ]);
      const ttl = await r.pttl(`kaijiang:kj:auth:loginAccount:acct:${name.toLowerCase()}:lock`);
      expect(ttl).toBeGreaterThan(4 * 60_000);
      expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    } finally {
      await second.close();
    }
  });

  it.skipIf(!redis)('grows the lock and caps it', async () => {
    const policy: AttemptPolicy = {
      max: 2,
      windowMs: 10_000,
      baseLockMs: 40,
      maxLockMs: 100,
      memoryMs: 10_000,
    };
    const l: AttemptLimiter = createRedisLimiter({
      redis: r,
      prefix: `test:${uniqueName()}:`,
      scopeOf: single('t', policy),
      fallback: createMemoryLimiter(single('t', policy)),
      log: t.app.log,
    });
    const locks: number[] = [];
    for (let round = 0; round < 4; round++) {
      await fail(l, ['k']);
      locks.push(await fail(l, ['k']));
      expect(await blockedFor(l, ['k'])).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, locks.at(-1)! + 20));
      expect(await blockedFor(l, ['k'])).toBe(0);
    }
    expect(locks).toEqual([40, 80, 100, 100]);
  });

  describe.skipIf(!redis)('reservations', () => {
    reservationTests(() =>
      createRedisLimiter({
        redis: r,
        prefix: `test:${uniqueName()}:`,
        scopeOf: scope,
        fallback: createMemoryLimiter(scope),
        log: t.app.log,
      }),
    );

    it('a reservation whose holder vanished lapses, and its failure stands', async () => {
      const l = createRedisLimiter({
        redis: r,
        prefix: `test:${uniqueName()}:`,
        scopeOf: scope,
        fallback: createMemoryLimiter(scope),
        log: t.app.log,
        holdMs: 100,
      });
      for (let i = 0; i < 4; i++) await fail(l, ['k']);
      expect((await l.reserve(['k'])).ok).toBe(true); // never finished
      expect(await l.reserve(['k'])).toEqual({ ok: false, waitMs: BUSY_RETRY_MS, busy: true });
      await new Promise((resolve) => setTimeout(resolve, 150));
      const after = await l.reserve(['k']);
      expect(after).toMatchObject({ ok: false, busy: false });
      expect((after as { waitMs: number }).waitMs).toBeGreaterThan(4 * 60_000);
    });
  });

  it.skipIf(!redis?.stop)('keeps limiting per process while Redis is down', async () => {
    const policy: AttemptPolicy = {
      max: 2,
      windowMs: 10_000,
      baseLockMs: 60_000,
      maxLockMs: 60_000,
      memoryMs: 1,
    };
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
      scopeOf: single('t', policy),
      fallback: createMemoryLimiter(single('t', policy)),
      log: t.app.log,
    });
    await fail(l, ['k']);
    expect(await fail(l, ['k'])).toBe(60_000);
    expect(await blockedFor(l, ['k'])).toBeGreaterThan(0);
    down.disconnect();
  });

  describe.skipIf(!redis)('the same route behaviour', () => {
    routeLimitTests(() => t);
  });
});
