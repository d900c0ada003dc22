import type { DrawSnapshot } from '@kaijiang/domain';
import { scheduledDrawsBetween } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { clockFrom } from '../../src/services/draws/clock.ts';
import type { AppConfig } from '../../src/config.ts';
import type { DrawsPluginOptions } from '../../src/plugins/app/draws.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { DRAW_120, ISSUE_120, drawOf, expectSevenDistinct, waitFor } from './draw-helpers.ts';

const engineOn = (ms: number): Partial<AppConfig> => ({
  drawEngine: true,
  drawBallIntervalMs: ms,
});

describe('draw engine', () => {
  let env: TestEnv;
  const apps: FastifyInstance[] = [];
  const build = async (config: Partial<AppConfig>, draws: DrawsPluginOptions) => {
    const app = await buildTestApp(env, config, { draws });
    apps.push(app);
    return app;
  };
  beforeEach(async () => {
    env = await createTestEnv();
  });
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await env.cleanup();
  });

  it('reveals a scheduled draw ball by ball, each stored before it is published', async () => {
    const seen: DrawSnapshot[] = [];
    const storedAtPublish: Promise<number>[] = [];
    // Subscribed before the engine starts: a slow start-up must not miss the first snapshot.
    const app = await buildTestApp(env, engineOn(30), {
      draws: { clock: clockFrom(DRAW_120 - 1_500) },
      extend: (a) => {
        a.liveHub.subscribe(120, (s) => {
          if (s.issue !== ISSUE_120) return;
          seen.push(s);
          storedAtPublish.push(drawOf(a, 120, s.issue).then((d) => d?.numbers.length ?? -1));
        });
      },
    });
    apps.push(app);
    const done = await waitFor(
      () => seen.find((s) => s.status === 'done'),
      10_000,
      'the draw to finish',
    );
    expect(seen.map((s) => s.numbers.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(seen.map((s) => s.status)).toEqual([
      'waiting',
      ...Array<string>(6).fill('drawing'),
      'done',
    ]);
    expect(done.drawAt).toBe(new Date(DRAW_120).toISOString());
    expect(done.nextIssue).toBe('202603010147');
    const stored = await Promise.all(storedAtPublish);
    stored.forEach((n, i) => expect(n).toBeGreaterThanOrEqual(seen[i]!.numbers.length));
    expect(expectSevenDistinct(await drawOf(app, 120, ISSUE_120))).toEqual(done.numbers);
    // Each ball came at least one interval after the previous one.
    const snap = await app.draws.snapshot(120);
    expect(snap).toMatchObject({ issue: ISSUE_120, status: 'done', numbers: done.numbers });
  });

  it('resumes a draw interrupted by a restart with the same balls', async () => {
    const clock = clockFrom(DRAW_120 - 100);
    const first = await build(engineOn(250), { clock });
    await waitFor(
      async () => ((await drawOf(first, 120, ISSUE_120))?.numbers.length ?? 0) >= 3,
      10_000,
      'three balls',
    );
    await first.close();
    const second = await build(engineOn(20), { clock });
    const partial = await drawOf(second, 120, ISSUE_120);
    expect(partial?.status).toBe('drawing');
    const kept = partial!.numbers;
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(7);
    const finished = await waitFor(
      async () => {
        const d = await drawOf(second, 120, ISSUE_120);
        return d?.status === 'done' ? d : undefined;
      },
      10_000,
      'the resumed draw to finish',
    );
    expect(expectSevenDistinct(finished).slice(0, kept.length)).toEqual(kept);
  });

  it('completes the draws missed while down, bounded to the last 24 hours', async () => {
    const setup = await build({ seedDemo: true }, {});
    const threeHoursAgo = DRAW_120 - 3 * 3_600_000;
    await setup.repos.draws.insert({
      gameId: 120,
      issue: '202603010110',
      drawAt: new Date(threeHoursAgo).toISOString(),
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    // Game 110 was last drawn five days ago; 111 never: only its due draw is recorded.
    await setup.repos.draws.insert({
      gameId: 110,
      issue: '2026055',
      drawAt: '2026-02-24T13:32:00.000Z',
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    await setup.close();
    apps.length = 0;

    // Ten seconds after the draw: it is still drawn live, the 35 before it are completed.
    const app = await build(engineOn(20), { clock: clockFrom(DRAW_120 + 10_000) });
    const live = await waitFor(
      async () => {
        const d = await drawOf(app, 120, ISSUE_120);
        return d?.status === 'done' ? d : undefined;
      },
      10_000,
      'the due draw',
    );
    expectSevenDistinct(live);
    const page = await app.repos.draws.pageDone(120, { limit: 100 });
    const expected = scheduledDrawsBetween(
      { drawTime: '00:00', drawDays: [], intervalMinutes: 5, timezone: 'Asia/Shanghai' },
      new Date(threeHoursAgo),
      new Date(DRAW_120 + 1),
    ).map((s) => s.issue);
    expect(page.map((d) => d.issue).reverse()).toEqual(expected);
    for (const d of page) expectSevenDistinct(d);

    const daily = await waitFor(async () => {
      const rows = await app.repos.draws.pageDone(110, { limit: 10 });
      return rows.length === 5 ? rows : undefined;
    });
    // 12:05 in Macau on 1 March: the last draw due was 28 February's.
    expect(daily.map((d) => d.issue)).toEqual([
      '2026059',
      '2026058',
      '2026057',
      '2026056',
      '2026055',
    ]);
    const hk = await waitFor(async () => {
      const rows = await app.repos.draws.pageDone(111, { limit: 10 });
      return rows.length > 0 ? rows : undefined;
    });
    expect(hk.map((d) => d.drawAt)).toEqual(['2026-02-28T13:30:00.000Z']);
  });

  it('bounds the catch-up after a long outage to 24 hours of a 5-minute game', async () => {
    const setup = await build({ seedDemo: true }, {});
    await setup.repos.draws.insert({
      gameId: 120,
      issue: '202602200146',
      drawAt: new Date(DRAW_120 - 9 * 86_400_000).toISOString(),
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    await setup.close();
    apps.length = 0;
    // A minute after a draw: the 287 slots of the last 24 hours before it, the due draw itself
    // (completed at once: too late to draw live) and the old one.
    const app = await build(engineOn(20), { clock: clockFrom(DRAW_120 + 3_660_000) });
    await waitFor(async () => (await app.repos.draws.countDone(120)) >= 289, 15_000, 'catch-up');
    await new Promise((r) => setTimeout(r, 100));
    expect(await app.repos.draws.countDone(120)).toBe(289);
  });

  it('hands the draws to another instance when the leader stops renewing its lease', async () => {
    const clock = clockFrom(DRAW_120 - 200);
    // Long enough that a's renewals outlast b's start-up (migrations, seeding) on a busy machine.
    const opts = { clock, leaseTtlMs: 1_500 };
    const a = await build(engineOn(150), { ...opts, holderId: 'instance-a' });
    await waitFor(() => a.drawEngine?.leader, 5_000, 'a to lead');
    const b = await build(engineOn(150), { ...opts, holderId: 'instance-b' });
    await new Promise((r) => setTimeout(r, 400));
    expect(b.drawEngine?.leader).toBe(false);
    expect((await b.repos.leases.holder('draw-engine'))?.holder).toBe('instance-a');

    await waitFor(
      async () => ((await drawOf(b, 120, ISSUE_120))?.numbers.length ?? 0) >= 2,
      10_000,
      'two balls',
    );
    // Instance a loses its database (a crash, a partition): it can no longer renew.
    await a.database.close();
    await waitFor(() => b.drawEngine?.leader, 5_000, 'b to take over');
    expect(a.drawEngine?.leader).toBe(false);
    const finished = await waitFor(
      async () => {
        const d = await drawOf(b, 120, ISSUE_120);
        return d?.status === 'done' ? d : undefined;
      },
      10_000,
      'b to finish the draw',
    );
    expectSevenDistinct(finished);
  });
});
