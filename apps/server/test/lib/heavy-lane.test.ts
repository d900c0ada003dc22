import { describe, expect, it } from 'vitest';
import { createHeavyLane } from '../../src/lib/heavy-lane.ts';

describe('heavy lane', () => {
  it('runs tasks one at a time with a turn of the event loop before each', async () => {
    const lane = createHeavyLane({ concurrency: 1, maxWaiting: 100 });
    // Counts event loop turns: a task that saw the same count as the previous one would mean
    // nothing else (no socket read, no timer) could run between them.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, () =>
        lane.run(async () => {
          most = Math.max(most, ++running);
          seen.push(turns);
          running--;
        }),
      ),
    );
    counting = false;
    expect(most).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]!);
    expect(lane.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses past its queue, and a failed task frees its slot', async () => {
    const lane = createHeavyLane({ concurrency: 1, maxWaiting: 2 });
    const results = await Promise.allSettled([
      lane.run(async () => {
        throw new Error('boom');
      }),
      lane.run(async () => 1),
      lane.run(async () => 2),
      lane.run(async () => 3),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    expect((results[3] as PromiseRejectedResult).reason).toMatchObject({
      statusCode: 429,
      code: 'REQ/RATE_LIMITED',
    });
    expect(await lane.run(async () => 'again')).toBe('again');
  });
});
