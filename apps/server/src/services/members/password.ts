// scrypt password hashes. crypto.scrypt runs on libuv's thread pool, so hashing never blocks the
// event loop; but every hash holds 128·N·r bytes (128 MiB at N = 2^17) for its whole run, so a
// burst of logins is queued behind a small number of hashing slots instead of running at once.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';
import { channel } from 'node:diagnostics_channel';

export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  logN: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { logN: 17, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;

/** Memory one hash needs: 128·N·r bytes, plus headroom Node's check wants. */
export const scryptMemory = ({ logN, r }: ScryptParams): number => 128 * 2 ** logN * r;

export class HashQueueFull extends Error {
  constructor() {
    super('password hashing queue is full');
    this.name = 'HashQueueFull';
  }
}

/**
 * Every queued, started, finished and refused hash is published here (node:diagnostics_channel, free when
 * nobody listens): tests and `npm run bench auth` count hashes and watch the queue order with it.
 */
export const hashEvents = channel('kaijiang:password-hash');
export type HashEvent =
  | { phase: 'queued'; key: string; ahead: number }
  | { phase: 'start'; key: string }
  | { phase: 'done'; key: string }
  | { phase: 'refused'; key: string };

export interface FairQueueLimits {
  /** Tasks running at once. */
  slots: number;
  /** Tasks waiting in all, beyond the running ones. */
  queue: number;
  /** Tasks one key may have waiting. */
  perKey: number;
}

/**
 * At most `slots` tasks at once; the waiting ones start in turn across keys (round robin), so a
 * key with many tasks waits behind its own and everyone else gets the next free slot. A key past
 * its share, or a full queue, fails fast with HashQueueFull instead of growing the wait.
 */
export function createFairQueue(limits: FairQueueLimits) {
  const { slots, queue, perKey } = limits;
  let running = 0;
  let waiting = 0;
  // Keys with waiting tasks in turn order; Map keeps insertion order, so re-inserting a key after
  // one of its tasks starts sends it to the back.
  const turns = new Map<string, (() => void)[]>();

  /**
   * How many waiting tasks start before a new one of `key` (for the queue events): its key has
   * `mine` waiting, so keys ahead of it in turn get `mine + 1` turns first, keys behind `mine`.
   */
  function ahead(key: string): number {
    const mine = turns.get(key)?.length ?? 0;
    let n = mine;
    let before = true;
    for (const [k, tasks] of turns) {
      if (k === key) before = false;
      else n += Math.min(tasks.length, before ? mine + 1 : mine);
    }
    return n;
  }

  function startNext(): boolean {
    const first = turns.entries().next();
    if (first.done) return false;
    const [key, tasks] = first.value;
    const start = tasks.shift()!;
    turns.delete(key);
    if (tasks.length > 0) turns.set(key, tasks);
    waiting--;
    start();
    return true;
  }

  return {
    async run<T>(key: string, task: () => Promise<T>): Promise<T> {
      if (running >= slots) {
        const mine = turns.get(key);
        if (waiting >= queue || (mine?.length ?? 0) >= perKey) {
          if (hashEvents.hasSubscribers) hashEvents.publish({ phase: 'refused', key });
          throw new HashQueueFull();
        }
        if (hashEvents.hasSubscribers)
          hashEvents.publish({ phase: 'queued', key, ahead: ahead(key) });
        await new Promise<void>((resolve) => {
          if (mine) mine.push(resolve);
          else turns.set(key, [resolve]);
          waiting++;
        });
      } else {
        running++;
      }
      try {
        if (hashEvents.hasSubscribers) hashEvents.publish({ phase: 'start', key });
        return await task();
      } finally {
        if (hashEvents.hasSubscribers) hashEvents.publish({ phase: 'done', key });
        // The slot passes straight to the next task, so `running` only drops when none waits.
        if (!startNext()) running--;
      }
    },
    stats: () => ({ running, waiting, keys: turns.size }),
  };
}

/**
 * Every method that hashes takes the queue key of whoever asks (an address, or an account for a
 * signed-in member): hashes wait their turn per key, see createFairQueue.
 */
export interface PasswordHasher {
  hash(password: string, key: string): Promise<string>;
  verify(password: string, stored: string, key: string): Promise<boolean>;
  /** Spends the time a verify would, for an unknown username (no timing oracle). */
  dummyVerify(password: string, key: string): Promise<void>;
  /** True when `stored` was made with weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
  readonly params: ScryptParams;
  stats(): { running: number; waiting: number; keys: number };
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: 2 ** params.logN,
    r: params.r,
    p: params.p,
    maxmem: scryptMemory(params) * 2,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/** `scrypt$<logN>$<r>$<p>$<salt b64url>$<key b64url>` */
function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  // Refuse absurd parameters from a tampered row rather than allocating gigabytes.
  if (![logN, r, p].every(Number.isInteger) || logN < 1 || logN > 22 || r < 1 || r > 32) {
    return null;
  }
  if (p < 1 || p > 16) return null;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const key = Buffer.from(parts[5]!, 'base64url');
  if (salt.length < 8 || key.length !== KEY_BYTES) return null;
  return { params: { logN, r, p }, salt, key };
}

export function createPasswordHasher(
  params: ScryptParams = DEFAULT_SCRYPT,
  limits: { concurrency: number; queue: number; perKey?: number } = { concurrency: 2, queue: 64 },
): PasswordHasher {
  const limiter = createFairQueue({
    slots: limits.concurrency,
    queue: limits.queue,
    // One key never holds more than an eighth of the queue.
    perKey: limits.perKey ?? Math.max(1, Math.ceil(limits.queue / 8)),
  });
  const dummySalt = randomBytes(SALT_BYTES);
  return {
    params,
    async hash(password, queueKey) {
      const salt = randomBytes(SALT_BYTES);
      const key = await limiter.run(queueKey, () => derive(password, salt, params));
      return [
        'scrypt',
        params.logN,
        params.r,
        params.p,
        salt.toString('base64url'),
        key.toString('base64url'),
      ].join('$');
    },
    async verify(password, stored, queueKey) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const key = await limiter.run(queueKey, () => derive(password, parsed.salt, parsed.params));
      return timingSafeEqual(key, parsed.key);
    },
    async dummyVerify(password, queueKey) {
      await limiter.run(queueKey, () => derive(password, dummySalt, params));
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      if (!parsed) return true;
      const { logN, r, p } = parsed.params;
      return logN < params.logN || r < params.r || p < params.p;
    },
    stats: limiter.stats,
  };
}
