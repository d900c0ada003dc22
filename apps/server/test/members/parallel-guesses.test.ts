// Guesses sent all at once must meet the same limits as guesses sent one by one, and a burst on
// one account must not hold up anyone else's sign-in: on one instance, and on two sharing Redis.
// Hashes are counted and ordered through the password module's diagnostics channel.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashEvents, type HashEvent } from '../../src/services/members/password.ts';
import { startTestRedis, type TestRedis } from '../helpers/redis.ts';
import {
  client,
  GOOD_PASSWORD,
  memberApp,
  registered,
  uniqueName,
  URLS,
  type Client,
  type TestApp,
} from './member-helpers.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every hash event from now on, in order, with marks the test puts between them. */
function recordHashes() {
  const log: (HashEvent | { phase: 'mark'; name: string })[] = [];
  const listener = (message: unknown) => void log.push(message as HashEvent);
  hashEvents.subscribe(listener);
  return {
    log,
    mark: (name: string) => log.push({ phase: 'mark', name }),
    starts: (addresses: Iterable<string>) => {
      const keys = new Set([...addresses].map((a) => `ip:${a}`));
      return log.filter((e) => e.phase === 'start' && keys.has(e.key)).length;
    },
    stop: () => hashEvents.unsubscribe(listener),
  };
}

/** 429 because another attempt on the same account or address is still being decided. */
const busy = (res: LightMyRequestResponse) =>
  res.statusCode === 429 && /尚未完成/.test(res.json().msg as string);

/** An attacker that keeps re-sending its guess while it is refused as busy. */
async function guess(
  c: Client,
  username: string,
  password: string,
): Promise<LightMyRequestResponse> {
  for (let tries = 0; tries < 2000; tries++) {
    const res = await c.post(URLS.login, { username, password });
    if (!busy(res)) return res;
    await sleep(2);
  }
  throw new Error('still busy after 2000 tries');
}

const tally = (answers: LightMyRequestResponse[]) => {
  const t: Record<string, number> = {};
  for (const res of answers) {
    const code = `${res.statusCode} ${res.json().code}`;
    t[code] = (t[code] ?? 0) + 1;
  }
  return t;
};

/** Registers the same member on every instance (each has its own database). */
async function memberOnAll(
  apps: FastifyInstance[],
): Promise<{ username: string; password: string }> {
  const username = uniqueName('victim');
  for (const app of apps) await registered(app, { username, password: GOOD_PASSWORD });
  return { username, password: GOOD_PASSWORD };
}

function parallelGuessTests(apps: () => FastifyInstance[]) {
  it('60 guesses at once: exactly 5 hashed, the rest 429, the account locked', async () => {
    const all = apps();
    const { username, password } = await memberOnAll(all);
    const attackers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => client(all[i % all.length]!)),
    );
    const rec = recordHashes();
    try {
      const answers = await Promise.all(
        attackers.map((c, i) => guess(c, username, `wrong-guess-${i}-x`)),
      );
      expect(tally(answers)).toEqual({ '400 UC/BAD_CREDENTIALS': 5, '429 REQ/RATE_LIMITED': 55 });
      expect(rec.starts(attackers.map((c) => c.address))).toBe(5);
      for (const res of answers.filter((r) => r.statusCode === 429)) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(4 * 60);
      }

      // The owner, from elsewhere, with the right password: the lock holds, and nothing is hashed.
      for (const app of all) {
        const owner = await client(app);
        const res = await owner.post(URLS.login, { username, password });
        expect(res.statusCode).toBe(429);
        expect(res.json().code).toBe('REQ/RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(4 * 60);
        expect(rec.starts([owner.address])).toBe(0);
      }
    } finally {
      rec.stop();
    }
  });

  it('one address: a second sign-in while the first is hashed is refused without a hash', async () => {
    const all = apps();
    const { username } = await memberOnAll(all);
    const c = await client(all[0]!);
    const rec = recordHashes();
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          c.post(URLS.login, {
            username: i % 2 ? username : uniqueName('ghost'),
            password: `nope-${i}-nope`,
          }),
        ),
      );
      const hashed = answers.filter((r) => r.statusCode === 400).length;
      expect(answers.filter(busy).length).toBe(answers.length - hashed);
      expect(hashed).toBeLessThan(answers.length);
      for (const res of answers.filter(busy)) expect(res.headers['retry-after']).toBe('1');
      expect(rec.starts([c.address])).toBe(hashed);
    } finally {
      rec.stop();
    }
  });

  it('a bystander signs in during a 100-guess burst without 429 and without queueing behind it', async () => {
    const all = apps();
    const { username } = await memberOnAll(all);
    const bystander = await registered(all.at(-1)!);
    const attackers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => client(all[i % all.length]!)),
    );
    const attackerAddresses = attackers.map((c) => c.address);
    const attackerKeys = new Set(attackerAddresses.map((a) => `ip:${a}`));
    const me = await client(all.at(-1)!);
    const rec = recordHashes();
    try {
      // Join the moment the burst's second hash starts, so it arrives while that one runs.
      const underWay = new Promise<void>((resolve) => {
        const listener = (m: unknown) => {
          const e = m as HashEvent;
          if (
            e.phase === 'start' &&
            attackerKeys.has(e.key) &&
            rec.starts(attackerAddresses) >= 2
          ) {
            hashEvents.unsubscribe(listener);
            resolve();
          }
        };
        hashEvents.subscribe(listener);
      });
      const burst = Promise.all(attackers.map((c, i) => guess(c, username, `burst-${i}-guess`)));
      await underWay;
      rec.mark('bystander');
      const res = await me.post(URLS.login, {
        username: bystander.username,
        password: bystander.password,
      });
      expect(res.statusCode, res.body).toBe(200);

      // Either a slot was free, or it waited behind at most the one burst guess in flight (the
      // running one is not counted as ahead): nothing of the burst may be queued before it.
      const mark = rec.log.findIndex((e) => e.phase === 'mark');
      const mine = rec.log.findIndex((e) => e.phase === 'start' && e.key === `ip:${me.address}`);
      expect(mine).toBeGreaterThan(mark);
      const queued = rec.log.findIndex((e) => e.phase === 'queued' && e.key === `ip:${me.address}`);
      if (queued >= 0) {
        const event = rec.log[queued] as Extract<HashEvent, { phase: 'queued' }>;
        expect(event.ahead).toBe(0);
        const burstFirst = rec.log
          .slice(queued, mine)
          .filter((e) => e.phase === 'start' && attackerKeys.has(e.key)).length;
        expect(burstFirst).toBe(0);
      }

      const answers = await burst;
      expect(tally(answers)['400 UC/BAD_CREDENTIALS']).toBe(5);
      expect(rec.starts(attackerAddresses)).toBe(5);
    } finally {
      rec.stop();
    }
  });

  it('old-password guesses sent at once on a password change: exactly 5 hashed', async () => {
    const all = apps();
    const { username, token, c } = await registered(all[0]!);
    const rec = recordHashes();
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          for (let tries = 0; tries < 2000; tries++) {
            const res = await c.post(
              URLS.password,
              { type: 'login', oldPassword: `old-guess-${i}-x`, newPassword: 'copper-lantern-77' },
              token,
            );
            if (!busy(res)) return res;
            await sleep(2);
          }
          throw new Error('still busy');
        }),
      );
      expect(tally(answers)).toEqual({ '400 UC/BAD_PASSWORD': 5, '429 REQ/RATE_LIMITED': 15 });
      const key = `acct:${username.toLowerCase()}`;
      expect(rec.log.filter((e) => e.phase === 'start' && e.key === key).length).toBe(5);
    } finally {
      rec.stop();
    }
  });

  it('registrations sent at once from one address: at most 10 accounts', async () => {
    const all = apps();
    const address = (await client(all[0]!)).address;
    const clients = await Promise.all(
      Array.from({ length: 30 }, (_, i) => client(all[i % all.length]!, address)),
    );
    const answers = await Promise.all(
      clients.map(async (c) => {
        for (let tries = 0; tries < 2000; tries++) {
          const res = await c.post(URLS.reg, {
            username: uniqueName('bulk'),
            password: GOOD_PASSWORD,
          });
          if (!busy(res)) return res;
          await sleep(2);
        }
        throw new Error('still busy');
      }),
    );
    expect(tally(answers)).toEqual({ '200 OK': 10, '429 REQ/RATE_LIMITED': 20 });
  });
}

// One hashing slot: a request arriving while a hash runs queues, so the queue order shows.
const ONE_SLOT = { passwords: { scryptLogN: 10, hashConcurrency: 1 } };

describe('parallel guesses (in memory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp(ONE_SLOT);
  });
  afterAll(() => t.close());
  parallelGuessTests(() => [t.app]);
});

describe('parallel guesses on two instances sharing Redis', async () => {
  const redis: TestRedis | null = await startTestRedis();
  let a: TestApp;
  let b: TestApp;
  let r: Redis;
  beforeAll(async () => {
    if (!redis) return;
    a = await memberApp({ ...ONE_SLOT, redisUrl: redis.url });
    b = await memberApp({ ...ONE_SLOT, redisUrl: redis.url });
    r = new Redis(redis.url);
  });
  afterAll(async () => {
    r?.disconnect();
    await a?.close();
    await b?.close();
    await redis?.close();
  });

  describe.skipIf(!redis)('both instances', () => {
    parallelGuessTests(() => [a.app, b.app]);

    it('the lock is in Redis, for both instances', async () => {
      const { username } = await memberOnAll([a.app, b.app]);
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) =>
          guess(await client(i % 2 ? a.app : b.app), username, `split-${i}-guess`),
        ),
      );
      const base = `kaijiang:kj:auth:loginAccount:acct:${username.toLowerCase()}`;
      expect(await r.pttl(`${base}:lock`)).toBeGreaterThan(4 * 60_000);
      expect(await r.exists(`${base}:hold`)).toBe(0);
    });
  });
});
