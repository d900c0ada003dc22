// Failed-attempt limits for sign-in and registration. A key (an account or an address) that
// fails `max` times within `windowMs` is locked for a while; each lock in a row doubles the next
// one up to `maxLockMs`, and the streak is forgotten after `memoryMs` without a lock. A lock always
// ends on its own, so an attacker can slow an account down but never shut its owner out for good.
//
// An attempt is reserved before its password is hashed, in one atomic step over all its keys:
// the reservation counts as a failure until the attempt finishes and says otherwise, and while it
// is held no other attempt on any of its keys may start. So requests sent at once are decided one
// after another, and never more than `max` of them reach the hash.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface AttemptPolicy {
  max: number;
  windowMs: number;
  baseLockMs: number;
  maxLockMs: number;
  memoryMs: number;
}

/** The policy of a key, and the name its counters are stored under (in Redis). */
export interface AttemptScope {
  name: string;
  policy: AttemptPolicy;
}
export type ScopeOf = (key: string) => AttemptScope;
export const single =
  (name: string, policy: AttemptPolicy): ScopeOf =>
  () => ({ name, policy });

export interface AttemptTicket {
  readonly keys: readonly string[];
  readonly token: string;
  /** Reserved in the per-process fallback while Redis was away. */
  readonly local?: boolean;
}

export type Reservation =
  | { ok: true; ticket: AttemptTicket }
  /** `busy`: another attempt on one of the keys is still being decided. */
  | { ok: false; waitMs: number; busy: boolean };

/** `failed` keeps the reserved failure (and may start a lock); `undone` takes it back. */
export type Outcome = 'failed' | 'undone';

export interface AttemptLimiter {
  /**
   * Reserves one attempt on every key at once, or none: refused while a key is locked, has
   * reached `max` failures, or has another attempt in flight.
   */
  reserve(keys: readonly string[]): Promise<Reservation>;
  /**
   * Ends a reservation. Keys in `forgive` lose every failure and lock streak they had (the
   * account of a successful sign-in). Returns the longest lock it started (0 = none).
   */
  finish(ticket: AttemptTicket, outcome: Outcome, forgive?: readonly string[]): Promise<number>;
}

/** What a refused attempt is told to wait when another one on its keys is in flight. */
export const BUSY_RETRY_MS = 1000;
/** A reservation whose holder vanished (a crash) stops blocking its keys after this. */
export const HOLD_MS = 30_000;

export const lockMs = (policy: AttemptPolicy, lockouts: number): number =>
  Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** Math.min(lockouts - 1, 30));

interface Entry {
  /** Failures in the window, the reserved attempt included. */
  count: number;
  windowEnds: number;
  lockouts: number;
  lockedUntil: number;
  /** When the lock streak is forgotten. */
  forgetAt: number;
  /** Token of the attempt in flight on this key, if any, and when its hold lapses. */
  holder: string | null;
  heldUntil: number;
}

/** Per-process state, bounded: expired entries are swept, the oldest dropped past `maxKeys`. */
export function createMemoryLimiter(
  scopeOf: ScopeOf,
  opts: { now?: () => number; maxKeys?: number; holdMs?: number } = {},
): AttemptLimiter & { size(): number } {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 100_000;
  const holdMs = opts.holdMs ?? HOLD_MS;
  const entries = new Map<string, Entry>();
  let writes = 0;
  let tokens = 0;

  const expired = (e: Entry, t: number) =>
    t >= e.windowEnds && t >= e.lockedUntil && t >= e.forgetAt && t >= e.heldUntil;

  function sweep(t: number): void {
    for (const [key, e] of entries) if (expired(e, t)) entries.delete(key);
    while (entries.size >= maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  function startLock(e: Entry, policy: AttemptPolicy, t: number): number {
    if (t >= e.forgetAt) e.lockouts = 0;
    e.count = 0;
    e.lockouts++;
    const ms = lockMs(policy, e.lockouts);
    e.lockedUntil = t + ms;
    e.forgetAt = e.lockedUntil + policy.memoryMs;
    return ms;
  }

  return {
    async reserve(keys) {
      const t = now();
      let wait = 0;
      let busy = false;
      for (const key of keys) {
        const e = entries.get(key);
        if (!e) continue;
        const { policy } = scopeOf(key);
        if (t >= e.windowEnds) e.count = 0;
        if (e.lockedUntil > t) wait = Math.max(wait, e.lockedUntil - t);
        else if (e.holder !== null && e.heldUntil > t) busy = true;
        // Only when an attempt's holder vanished before finishing; its failure stands.
        else if (e.count >= policy.max) wait = Math.max(wait, startLock(e, policy, t));
      }
      if (wait > 0) return { ok: false, waitMs: wait, busy: false };
      if (busy) return { ok: false, waitMs: BUSY_RETRY_MS, busy: true };

      if (++writes % 1000 === 0 || entries.size >= maxKeys) sweep(t);
      const token = String(++tokens);
      for (const key of keys) {
        const { policy } = scopeOf(key);
        let e = entries.get(key);
        if (!e) {
          e = {
            count: 0,
            windowEnds: 0,
            lockouts: 0,
            lockedUntil: 0,
            forgetAt: 0,
            holder: null,
            heldUntil: 0,
          };
          entries.set(key, e);
        }
        if (t >= e.windowEnds) {
          e.count = 0;
          e.windowEnds = t + policy.windowMs;
        }
        e.count++;
        e.holder = token;
        e.heldUntil = t + holdMs;
      }
      return { ok: true, ticket: { keys, token } };
    },
    async finish(ticket, outcome, forgive = []) {
      const t = now();
      let started = 0;
      for (const key of ticket.keys) {
        const e = entries.get(key);
        if (!e) continue;
        const mine = e.holder === ticket.token;
        if (mine) {
          e.holder = null;
          e.heldUntil = 0;
        }
        if (forgive.includes(key)) {
          Object.assign(e, { count: 0, lockouts: 0, lockedUntil: 0, forgetAt: 0 });
        } else if (outcome === 'undone') {
          if (mine) e.count = Math.max(0, e.count - 1);
        } else if (e.lockedUntil <= t && e.count >= scopeOf(key).policy.max) {
          started = Math.max(started, startLock(e, scopeOf(key).policy, t));
        }
      }
      return started;
    },
    size: () => entries.size,
  };
}

// Both scripts take four Redis keys per attempt key (failures, lock, streak, hold) and run
// atomically, so instances sharing the Redis reserve and count together.
const LOCK_FN = `
local function startLock(count, lock, streak, base, cap, memory)
  redis.call('DEL', count)
  local lockouts = redis.call('INCR', streak)
  local ms = math.floor(math.min(cap, base * 2 ^ math.min(lockouts - 1, 30)))
  redis.call('SET', lock, '1', 'PX', ms)
  redis.call('PEXPIRE', streak, ms + memory)
  return ms
end
`;

// ARGV: token, hold ms, then per key: max, window, base lock, max lock, memory.
// Returns {0, wait} locked, {1, 0} busy, {2, 0} reserved.
const RESERVE_SCRIPT = `${LOCK_FN}
local n = #KEYS / 4
local wait, busy = 0, false
for i = 0, n - 1 do
  local count, lock, streak, hold = KEYS[i*4+1], KEYS[i*4+2], KEYS[i*4+3], KEYS[i*4+4]
  local a = 2 + i * 5
  local locked = redis.call('PTTL', lock)
  if locked > 0 then
    wait = math.max(wait, locked)
  elseif redis.call('EXISTS', hold) == 1 then
    busy = true
  elseif tonumber(redis.call('GET', count) or '0') >= tonumber(ARGV[a+1]) then
    wait = math.max(wait, startLock(count, lock, streak,
      tonumber(ARGV[a+3]), tonumber(ARGV[a+4]), tonumber(ARGV[a+5])))
  end
end
if wait > 0 then return {0, wait} end
if busy then return {1, 0} end
for i = 0, n - 1 do
  local count, hold = KEYS[i*4+1], KEYS[i*4+4]
  redis.call('SET', hold, ARGV[1], 'PX', ARGV[2])
  if redis.call('INCR', count) == 1 then redis.call('PEXPIRE', count, ARGV[2 + i*5 + 2]) end
end
return {2, 0}
`;

// ARGV: token, outcome, then per key: max, window, base lock, max lock, memory, forgive (0/1).
const FINISH_SCRIPT = `${LOCK_FN}
local n = #KEYS / 4
local started = 0
for i = 0, n - 1 do
  local count, lock, streak, hold = KEYS[i*4+1], KEYS[i*4+2], KEYS[i*4+3], KEYS[i*4+4]
  local a = 2 + i * 6
  local mine = redis.call('GET', hold) == ARGV[1]
  if mine then redis.call('DEL', hold) end
  if ARGV[a+6] == '1' then
    redis.call('DEL', count, lock, streak)
  elseif ARGV[2] == 'undone' then
    -- Only while it holds the key: a repeated finish takes nothing back twice.
    if mine and tonumber(redis.call('GET', count) or '0') > 0 then redis.call('DECR', count) end
  elseif redis.call('PTTL', lock) <= 0
      and tonumber(redis.call('GET', count) or '0') >= tonumber(ARGV[a+1]) then
    started = math.max(started, startLock(count, lock, streak,
      tonumber(ARGV[a+3]), tonumber(ARGV[a+4]), tonumber(ARGV[a+5])))
  end
end
return started
`;

/**
 * Shared through Redis. While Redis is unreachable the per-process `fallback` counts instead:
 * the limits keep working on each instance rather than failing every sign-in or none.
 */
export function createRedisLimiter(opts: {
  redis: Redis;
  prefix: string;
  scopeOf: ScopeOf;
  fallback: AttemptLimiter;
  log: FastifyBaseLogger;
  holdMs?: number;
}): AttemptLimiter {
  const { redis, prefix, scopeOf, fallback, log } = opts;
  const holdMs = opts.holdMs ?? HOLD_MS;
  const redisKeys = (keys: readonly string[]) =>
    keys.flatMap((key) => {
      const base = `${prefix}${scopeOf(key).name}:${key}`;
      return [`${base}:n`, `${base}:lock`, `${base}:streak`, `${base}:hold`];
    });
  const policyArgs = ({ max, windowMs, baseLockMs, maxLockMs, memoryMs }: AttemptPolicy) => [
    max,
    windowMs,
    baseLockMs,
    maxLockMs,
    memoryMs,
  ];

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
    reserve: (keys) =>
      guarded(
        async (): Promise<Reservation> => {
          const token = randomUUID();
          const [state, wait] = (await redis.eval(
            RESERVE_SCRIPT,
            keys.length * 4,
            ...redisKeys(keys),
            token,
            holdMs,
            ...keys.flatMap((key) => policyArgs(scopeOf(key).policy)),
          )) as [number, number];
          if (state === 2) return { ok: true, ticket: { keys, token } };
          return state === 1
            ? { ok: false, waitMs: BUSY_RETRY_MS, busy: true }
            : { ok: false, waitMs: Number(wait), busy: false };
        },
        async () => {
          const r = await fallback.reserve(keys);
          return r.ok ? { ok: true, ticket: { ...r.ticket, local: true } } : r;
        },
      ),
    async finish(ticket, outcome, forgive = []) {
      if (ticket.local) return fallback.finish(ticket, outcome, forgive);
      const op = async () =>
        Number(
          await redis.eval(
            FINISH_SCRIPT,
            ticket.keys.length * 4,
            ...redisKeys(ticket.keys),
            ticket.token,
            outcome,
            ...ticket.keys.flatMap((key) => [
              ...policyArgs(scopeOf(key).policy),
              forgive.includes(key) ? 1 : 0,
            ]),
          ),
        );
      // A reservation made in Redis can only be finished there. If Redis failed just now, try
      // once more shortly (safe to repeat: only the holder takes its failure back); if that fails
      // too, the hold lapses after `holdMs` and the failure stands.
      return guarded(op, async () => {
        setTimeout(() => void op().catch(() => undefined), BUSY_RETRY_MS).unref();
        return 0;
      });
    },
  };
}
