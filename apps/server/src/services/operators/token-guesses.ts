// Wrong ADMIN_TOKEN guesses counted per address key (lib/address-key.ts: an IPv6 /64 is one
// visitor): past `max` in a window, every Bearer call from that key is answered 429 for a while,
// the right token included, so a lock cannot be used to tell a right guess from a wrong one.
import { LruMap } from 'toad-cache';
import { addressKey } from '../../lib/address-key.ts';

export interface TokenGuessPolicy {
  max: number;
  windowMs: number;
  lockMs: number;
}

export const DEFAULT_TOKEN_GUESSES: TokenGuessPolicy = {
  max: 10,
  windowMs: 15 * 60_000,
  lockMs: 15 * 60_000,
};

/** Addresses remembered; keys come from anyone, so the map is bounded (oldest dropped). */
const KEYS_MAX = 10_000;

interface Entry {
  count: number;
  windowEnds: number;
  lockedUntil: number;
}

export function createTokenGuesses(
  policy: TokenGuessPolicy = DEFAULT_TOKEN_GUESSES,
  now: () => number = Date.now,
) {
  const entries = new LruMap<Entry>(KEYS_MAX);
  return {
    /** Milliseconds the address must still wait; 0 when it may try. */
    waitMs(ip: string): number {
      const e = entries.get(addressKey(ip));
      return e ? Math.max(0, e.lockedUntil - now()) : 0;
    },
    /** A wrong token from the address: the `max`-th in its window locks it. */
    failed(ip: string): void {
      const key = addressKey(ip);
      const t = now();
      let e = entries.get(key);
      if (!e || e.windowEnds <= t)
        e = { count: 0, windowEnds: t + policy.windowMs, lockedUntil: 0 };
      e.count += 1;
      if (e.count >= policy.max) {
        e.lockedUntil = t + policy.lockMs;
        e.count = 0;
        e.windowEnds = t + policy.windowMs;
      }
      entries.set(key, e);
    },
  };
}
