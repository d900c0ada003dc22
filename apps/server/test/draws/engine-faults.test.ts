// The engine on a bad day: its database failing under it, a wall clock set back mid-draw, and a
// second instance whose clock is an hour ahead. (Real outages of PostgreSQL and Redis, and
// kill -9 mid-draw, are in test-faults/, run by `npm run test:faults`.)
import type { DrawSnapshot } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { clockFrom, type Clock } from '../../src/services/draws/clock.ts';
import type { AppConfig } from '../../src/config.ts';
import type { DrawsPluginOptions } from '../../src/plugins/app/draws.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { DRAW_120, ISSUE_120, drawOf, expectSevenDistinct, waitFor } from './draw-helpers.ts';

const engineOn = (ms: number): Partial<AppConfig> => ({ drawEngine: true, drawBallIntervalMs: ms });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('draw engine faults', () => {
  let env: TestEnv;
  const apps: FastifyInstance[] = [];
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const build = async (draws: DrawsPluginOptions, config = engineOn(100)) => {
    const app = await buildTestApp(env, config, { draws });
    apps.push(app);
    return app;
  };
  beforeEach(async () => {
    env = await createTestEnv();
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
  });
  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    for (const app of apps.splice(0)) await app.close();
    await env.cleanup();
  });

  it('rides out a database that fails every call, then finishes the draw', async () => {
    const app = await build({ clock: clockFrom(DRAW_120 - 300), leaseTtlMs: 300 });
    await waitFor(() => app.drawEngine?.leader, 5_000, 'the lease');

    // Everything the engine reads or writes fails, as during an outage.
    const down = () => Promise.reject(new Error('connection terminated unexpectedly'));
    const { repos, draws } = app;
    const saved = {
      acquire: repos.leases.acquire,
      games: draws.games,
      game: draws.game,
      newestWithStatus: repos.draws.newestWithStatus,
      newest: repos.draws.newest,
      get: repos.drawSources.get,
    };
    repos.leases.acquire = down;
    draws.games = down;
    draws.game = down;
    repos.draws.newestWithStatus = down;
    repos.draws.newest = down;
    repos.drawSources.get = down;
    // Several lease periods: the renewals fail, the runners' steps fail.
    await sleep(1_200);
    expect(unhandled).toEqual([]);
    expect(app.drawEngine?.leader).toBe(false);

    Object.assign(repos.leases, { acquire: saved.acquire });
    Object.assign(draws, { games: saved.games, game: saved.game });
    Object.assign(repos.draws, { newestWithStatus: saved.newestWithStatus, newest: saved.newest });
    Object.assign(repos.drawSources, { get: saved.get });
    await waitFor(() => app.drawEngine?.leader, 5_000, 'the lease again');
    const done = await waitFor(
      async () => {
        const d = await drawOf(app, 120, ISSUE_120);
        return d?.status === 'done' ? d : undefined;
      },
      10_000,
      'the draw after the outage',
    );
    expectSevenDistinct(done);
    expect(unhandled).toEqual([]);
  });

  it('paces balls on the monotonic clock: a wall clock set back does not hold the next ball', async () => {
    const interval = 500;
    let offset = DRAW_120 - 100 - Date.now();
    const clock: Clock = () => Date.now() + offset;
    const app = await build({ clock }, engineOn(interval));
    const seenAt = new Map<number, number>();
    app.liveHub.subscribe(120, (s: DrawSnapshot) => {
      if (s.issue !== ISSUE_120 || seenAt.has(s.numbers.length)) return;
      seenAt.set(s.numbers.length, performance.now());
      // NTP (or an operator) sets the clock back 1.2 s right after the third ball.
      if (s.numbers.length === 3) offset -= 1_200;
    });
    await waitFor(() => seenAt.has(7), 15_000, 'the draw to finish');
    const gap = seenAt.get(4)! - seenAt.get(3)!;
    expect(gap).toBeGreaterThanOrEqual(interval - 50);
    // The old wall-clock pacing waits interval + 1.2 s; leave room for a busy machine.
    expect(gap).toBeLessThan(interval + 900);
    expectSevenDistinct(await drawOf(app, 120, ISSUE_120));
  });

  it("dates the lease by the database's clock: an instance an hour ahead cannot take it", async () => {
    // Long enough that a's renewals (every 3 s) outlast b's start-up on a busy machine: only
    // the clocks may decide here, not a renewal that came late.
    const ttl = 9_000;
    const a = await build({ leaseTtlMs: ttl, holderId: 'instance-a' }, engineOn(150));
    await waitFor(() => a.drawEngine?.leader, 5_000, 'a to lead');
    // b believes it is an hour later: by its own clock a's lease ran out long ago.
    const b = await build(
      { leaseTtlMs: ttl, holderId: 'instance-b', clock: clockFrom(Date.now() + 3_600_000) },
      engineOn(150),
    );
    // b tried at start and keeps trying; by its clock a's row expired an hour ago.
    await sleep(1_000);
    expect(b.drawEngine?.leader).toBe(false);
    expect(a.drawEngine?.leader).toBe(true);
    expect((await b.repos.leases.holder('draw-engine'))?.holder).toBe('instance-a');

    // The lease still moves when a stops renewing, by the database's clock.
    await a.drawEngine?.stop();
    await waitFor(() => b.drawEngine?.leader, ttl, 'b to take over');
  });
});
