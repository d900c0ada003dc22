import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { approxBytes, boundedCache } from '../../src/lib/bounded-cache.ts';

describe('bounded cache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds no more bytes than its bound, dropping the least recently used', () => {
    const cache = boundedCache<string, string>({ max: 1_000, maxBytes: 10_000, ttlMs: 60_000 });
    for (let i = 0; i < 500; i++) {
      cache.set(`k${i}`, 'x'.repeat(400));
      expect(cache.calculatedSize).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size).toBeLessThan(15);
    expect(cache.has('k499')).toBe(true);
    expect(cache.has('k0')).toBe(false);
  });

  it('never keeps an entry larger than the whole bound', () => {
    const cache = boundedCache<string, string>({ max: 10, maxBytes: 1_000, ttlMs: 60_000 });
    cache.set('small', 'x');
    cache.set('huge', 'x'.repeat(10_000));
    expect(cache.has('huge')).toBe(false);
    expect(cache.has('small')).toBe(true);
  });

  it('holds no more entries than its bound', () => {
    const cache = boundedCache<number, number[]>({ max: 8, maxBytes: 1e9, ttlMs: 60_000 });
    for (let i = 0; i < 100; i++) cache.set(i, [i]);
    expect(cache.size).toBe(8);
  });

  it('lets entries go when their time is up, with nothing new stored to push them out', () => {
    const cache = boundedCache<string, number[]>({
      max: 100,
      maxBytes: 1e6,
      ttlMs: 5_000,
      perf: { now: () => Date.now() },
    });
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, [i, i, i]);
    expect(cache.size).toBe(50);
    vi.advanceTimersByTime(4_000);
    expect(cache.size).toBe(50);
    vi.advanceTimersByTime(2_000);
    // Purged by the cache's own timers: no get or set happened since.
    expect(cache.size).toBe(0);
    expect(cache.calculatedSize).toBe(0);
  });

  it('counts what a value holds', () => {
    expect(approxBytes('x'.repeat(1000))).toBeGreaterThan(2000);
    expect(approxBytes(new Uint8Array(10_000))).toBeGreaterThan(10_000);
    const rows = Array.from({ length: 1000 }, (_, i) => ({ issue: String(i), n: [1, 2, 3] }));
    expect(approxBytes(rows)).toBeGreaterThan(1000 * 50);
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(approxBytes(loop)).toBeGreaterThan(0);
  });
});
