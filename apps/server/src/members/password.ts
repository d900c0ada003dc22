// scrypt password hashes. crypto.scrypt runs on libuv's thread pool, so hashing never blocks the
// event loop; but every hash holds 128·N·r bytes (128 MiB at N = 2^17) for its whole run, so a
// burst of logins is queued behind a small number of hashing slots instead of running at once.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { ScryptOptions } from 'node:crypto';

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

/** At most `slots` tasks at once, at most `queue` waiting; beyond that, fail fast. */
export function createLimiter(slots: number, queue: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running >= slots) {
        if (waiting.length >= queue) throw new HashQueueFull();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        // The slot passes straight to the next waiter, so `running` only drops when idle.
        if (next) next();
        else running--;
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
  /** Spends the time a verify would, for an unknown username (no timing oracle). */
  dummyVerify(password: string): Promise<void>;
  /** True when `stored` was made with weaker parameters than the current ones. */
  needsRehash(stored: string): boolean;
  readonly params: ScryptParams;
  stats(): { running: number; waiting: number };
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
  limits: { concurrency: number; queue: number } = { concurrency: 2, queue: 64 },
): PasswordHasher {
  const limiter = createLimiter(limits.concurrency, limits.queue);
  const dummySalt = randomBytes(SALT_BYTES);
  return {
    params,
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await limiter.run(() => derive(password, salt, params));
      return [
        'scrypt',
        params.logN,
        params.r,
        params.p,
        salt.toString('base64url'),
        key.toString('base64url'),
      ].join('$');
    },
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed) return false;
      const key = await limiter.run(() => derive(password, parsed.salt, parsed.params));
      return timingSafeEqual(key, parsed.key);
    },
    async dummyVerify(password) {
      await limiter.run(() => derive(password, dummySalt, params));
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
