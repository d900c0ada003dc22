// Failed-attempt limits for sign-in and registration. A key (an account or an address) that
// fails `max` times within `windowMs` is locked for a while; each lock in a row doubles the next
// one up to `maxLockMs`, and the streak is forgotten after `memoryMs` without a lock. A lock always
// ends on its own, so an attacker can slow an account down but never shut its owner out for good.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface AttemptPolicy {
  max: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  memoryMs: number;
}

export interface AttemptLimiter {
  /** Milliseconds until every key may try again; 0 when none is locked. */
  blockedFor(keys: readonly string[]): Promise<number>;
  /** Counts a failure against every key; returns the longest lock it started (0 = none). */
  fail(keys: readonly string[]): Promise<number>;
  /** Forgets the keys' failures and lock streaks (a successful sign-in). */
  reset(keys: readonly string[]): Promise<void>;
}

export const lockMs = (policy: AttemptPolicy, lockouts: number): number =>
  Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.min(lockouts - 1, 30));

interface Entry {
  count: number;
  windowEnds: number;
  lockouts: number;
  lockedUntil: number;
  /** When the lock streak is forgotten. */
  forgetAt: number;
}

/** Per-process state, bounded: expired entries are swept, the oldest dropped past `maxKeys`. */
export function createMemoryLimiter(
  policy: AttemptPolicy,
  opts: { now?: () => number; maxKeys?: number } = {},
): AttemptLimiter & { size(): number } {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 100_000;
  const entries = new Map<string, Entry>();
  let writes = 0;

  const expired = (e: Entry, t: number) =>
    t >= e.windowEnds && t >= e.lockedUntil && t >= e.forgetAt;

  function sweep(t: number): void {
    for (const [key, e] of entries) if (expired(e, t)) entries.delete(key);
    while (entries.size >= maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  return {
    async blockedFor(keys) {
      const t = now();
      let wait = 0;
      for (const key of keys) {
        const e = entries.get(key);
        if (e && e.lockedUntil > t) wait = Math.max(wait, e.lockedUntil - t);
      }
      return wait;
    },
    async fail(keys) {
      const t = now();
      if (++writes % 1000 === 0 || entries.size >= maxKeys) sweep(t);
      let started = 0;
      for (const key of keys) {
        let e = entries.get(key);
        if (!e) {
          e = {
            count: 0,
            windowEnds: t + policy.windowMs,
            lockouts: 0,
            lockedUntil: 0,
            forgetAt: 0,
          };
          entries.set(key, e);
        }
        if (e.lockedUntil > t) continue;
        if (t >= e.windowEnds) {
          e.count = 0;
          e.windowEnds = t + policy.windowMs;
        }
        if (t >= e.forgetAt) e.lockouts = 0;
        e.count++;
        if (e.count >= policy.max) {
          e.count = 0;
          e.lockouts++;
          const ms = lockMs(policy, e.lockouts);
          e.lockedUntil = t + ms;
          e.forgetAt = e.lockedUntil + policy.memoryMs;
          started = Math.max(started, ms);
        }
      }
      return started;
    },
    async reset(keys) {
      for (const key of keys) entries.delete(key);
    },
    size: () => entries.size,
  };
}

// One round trip per key, atomic, so instances sharing the Redis count together.
const FAIL_SCRIPT = `
local locked = redis.call('PTTL', KEYS[2])
if locked > 0 then return 0 end
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if n < tonumber(ARGV[1]) then return 0 end
redis.call('DEL', KEYS[1])
local lockouts = redis.call('INCR', KEYS[3])
local exp = math.min(lockouts - 1, 30)
local ms = math.floor(math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ exp))
redis.call('SET', KEYS[2], '1', 'PX', ms)
redis.call('PEXPIRE', KEYS[3], ms + tonumber(ARGV[5]))
return ms
`;

/**
 * Shared through Redis. While Redis is unreachable the per-process `fallback` counts instead:
 * the limits keep working on each instance rather than failing every sign-in or none.
 */
export function createRedisLimiter(opts: {
  redis: Redis;
  prefix: string;
  policy: AttemptPolicy;
  fallback: AttemptLimiter;
  log: FastifyBaseLogger;
}): AttemptLimiter {
  const { redis, prefix, policy, fallback, log } = opts;
  const k = (key: string) => ({
    count: `${prefix}${key}:n`,
    lock: `${prefix}${key}:lock`,
    streak: `${prefix}${key}:streak`,
  });
  let down = false;
  async function guarded<T>(op: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      const result = await op();
      if (down) {
        down = false;
        log.info('attempt limits: redis is back');
      }
      return result;
    } catch (err) {
      if (!down) {
        down = true;
        log.warn({ err }, 'attempt limits: redis unavailable, counting per process');
      }
      return local();
    }
  }
  return {
    blockedFor: (keys) =>
      guarded(
        async () => {
          const ttls = await Promise.all(keys.map((key) => redis.pttl(k(key).lock)));
          return Math.max(0, ...ttls);
        },
        () => fallback.blockedFor(keys),
      ),
    fail: (keys) =>
      guarded(
        async () => {
          const results = await Promise.all(
            keys.map((key) => {
              const { count, lock, streak } = k(key);
              return redis.eval(
                FAIL_SCRIPT,
                3,
                count,
                lock,
                streak,
                policy.max,
                policy.windowMs,
                policy.baseLockMs,
                policy.maxLockMs,
                policy.memoryMs,
              ) as Promise<number>;
            }),
          );
          return Math.max(0, ...results.map(Number));
        },
        () => fallback.fail(keys),
      ),
    reset: (keys) =>
      guarded(
        async () => {
          if (keys.length === 0) return;
          await redis.del(...keys.flatMap((key) => Object.values(k(key))));
        },
        () => fallback.reset(keys),
      ),
  };
}
