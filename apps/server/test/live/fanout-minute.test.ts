import { describe, expect, it } from 'vitest';
import { createFanoutMinute } from '../../src/services/live/fanout-minute.ts';

describe("the live fan-out's minute line", () => {
  it('says nothing for a minute with no snapshot', () => {
    expect(createFanoutMinute().take()).toBeNull();
  });

  it('counts the snapshots, the most sockets, the median and the slowest, then starts afresh', () => {
    const minute = createFanoutMinute();
    for (const [to, ms] of [
      [10_000, 40.04],
      [9_000, 12.5],
      [10_000, 300.26],
      [3, 0.2],
      [10_000, 20],
    ] as const) {
      minute.add(to, ms);
    }
    expect(minute.take()).toEqual({ fanouts: 5, sockets: 10_000, p50Ms: 20, slowestMs: 300.3 });
    expect(minute.take()).toBeNull();
    minute.add(5, 1);
    expect(minute.take()).toEqual({ fanouts: 1, sockets: 5, p50Ms: 1, slowestMs: 1 });
  });

  it('keeps a bounded number of times however many snapshots go out', () => {
    const minute = createFanoutMinute();
    for (let i = 0; i < 50_000; i++) minute.add(1, i < 25_000 ? 1 : 1_000);
    const taken = minute.take()!;
    expect(taken.fanouts).toBe(50_000);
    expect(taken.slowestMs).toBe(1_000);
    // The median of the first 10,000 kept: a flood does not grow the array.
    expect(taken.p50Ms).toBe(1);
  });
});
