// Every cache keyed by what a visitor sends is held to a number of entries AND a number of bytes,
// and lets an entry go once its time is up even if nothing new arrives to push it out: a burst
// of distinct queries must not leave the process large long after the burst is over.
import { LRUCache } from 'lru-cache';
import type { ReadyAnswer } from './ready-answer.ts';

export type BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> = LRUCache<
  K,
  V
>;

export interface BoundedCacheOptions<K, V> {
  /** Entries at most. */
  max: number;
  /** Bytes at most, as `sizeOf` counts them; an entry larger than this is not kept at all. */
  maxBytes: number;
  /** Gone this long after it was stored, whether or not anything was stored since. */
  ttlMs: number;
  /** The bytes an entry holds (default: approxBytes of the value plus the key). */
  sizeOf?: (value: V, key: K) => number;
  /** The clock of the lifetimes (tests; default performance). */
  perf?: { now(): number };
}

export function boundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  opts: BoundedCacheOptions<K, V>,
): BoundedCache<K, V> {
  const sizeOf = opts.sizeOf ?? ((value: V, key: K) => approxBytes(value) + approxBytes(key));
  return new LRUCache<K, V>({
    max: opts.max,
    maxSize: opts.maxBytes,
    sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
    ttl: opts.ttlMs,
    ttlAutopurge: true,
    ...(opts.perf && { perf: opts.perf }),
  });
}

/** What a ready answer holds: its body and, once asked for, its compressed codings. */
export const readyAnswerBytes = (answer: ReadyAnswer): number => answer.bytes * 2 + 256;

// Per-value costs of V8 (64-bit, compressed pointers): rough, but never zero for any value.
const HEADER = 16;
const SLOT = 8;

/**
 * Roughly the heap a JSON-like value holds (strings, numbers, arrays, plain objects, typed
 * arrays, buffers). One pass over the value: call it when storing, not on every read.
 */
export function approxBytes(value: unknown): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') bytes += HEADER + v.length * 2;
    else if (typeof v !== 'object' || v === null) bytes += SLOT;
    else if (seen.has(v)) bytes += SLOT;
    else {
      seen.add(v);
      if (ArrayBuffer.isView(v)) bytes += HEADER * 4 + v.byteLength;
      else if (v instanceof Map || v instanceof Set) {
        bytes += HEADER * 4;
        for (const entry of v) stack.push(entry);
      } else if (Array.isArray(v)) {
        bytes += HEADER + v.length * SLOT;
        for (const item of v) stack.push(item);
      } else {
        const keys = Object.keys(v);
        bytes += HEADER + keys.length * SLOT * 2;
        for (const k of keys) stack.push((v as Record<string, unknown>)[k]);
      }
    }
  }
  return bytes;
}
