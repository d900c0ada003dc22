import type { DrawSnapshot } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import type { LiveConnection } from '../../src/services/live/live-connection.ts';
import type { LiveHub } from '../../src/services/live/live-hub.ts';
import { FANOUT_BATCH, LiveRegistry } from '../../src/services/live/live-registry.ts';
import type { WireFrame } from '../../src/services/live/wire-frame.ts';

const turn = () => new Promise((r) => setImmediate(r));

function setup(n: number) {
  let publish: (s: DrawSnapshot) => void = () => {};
  const hub = {
    subscribe: (_g: number, fn: (s: DrawSnapshot) => void) => {
      publish = fn;
      return () => {};
    },
  } as unknown as LiveHub;
  const reports: { gameId: number; sockets: number; ms: number }[] = [];
  const registry = new LiveRegistry(hub, {
    idleTimeoutMs: 60_000,
    maxConnectionsPerIp: 0,
    onFanout: (done) => reports.push(done),
  });
  const got: string[][] = [];
  for (let i = 0; i < n; i++) {
    const seen: string[] = [];
    got.push(seen);
    const conn = {
      ip: `10.0.0.${i % 250}`,
      games: [] as number[],
      push: (_g: number, f: WireFrame) => seen.push(JSON.parse(f.payload.toString()).content.issue),
      dispose() {},
    } as unknown as LiveConnection;
    registry.add(conn);
    registry.join(conn, 120);
  }
  const snap = (issue: string) => publish({ gameId: 120, issue } as DrawSnapshot);
  return { registry, got, snap, reports };
}

describe('the fan-out of a snapshot', () => {
  it('writes a batch of sockets per turn of the event loop, and reaches them all', async () => {
    const { registry, got, snap, reports } = setup(FANOUT_BATCH * 2 + FANOUT_BATCH / 2);
    snap('a');
    expect(got.filter((g) => g.length === 1)).toHaveLength(FANOUT_BATCH);
    await turn();
    expect(got.filter((g) => g.length === 1)).toHaveLength(FANOUT_BATCH * 2);
    expect(reports).toHaveLength(0);
    await turn();
    expect(got.every((g) => g.join() === 'a')).toBe(true);
    // Told once it has reached the last socket (the minute's log line counts these).
    expect(reports).toEqual([{ gameId: 120, sockets: got.length, ms: expect.any(Number) }]);
    expect(reports[0]!.ms).toBeGreaterThanOrEqual(0);
    registry.close();
  });

  it('never gives a socket an older snapshot after a newer one', async () => {
    const { registry, got, snap, reports } = setup(FANOUT_BATCH * 3 + FANOUT_BATCH / 2);
    snap('a');
    await turn();
    snap('b'); // while 'a' is still on its way to the last batch and a half
    const late = got.slice(FANOUT_BATCH * 2);
    expect(late.every((g) => g.length === 0)).toBe(true);
    for (let i = 0; i < 6; i++) await turn();
    // Those it had not reached yet get only the newer one.
    expect(late.every((g) => g.join() === 'b')).toBe(true);
    for (const g of got) {
      expect(g.at(-1)).toBe('b');
      expect(g.lastIndexOf('a')).toBeLessThan(g.indexOf('b'));
    }
    // The older one never finished: only the newer is told of.
    expect(reports).toHaveLength(1);
    registry.close();
  });
});
