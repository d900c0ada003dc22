import { previousDrawAt, scheduledDrawsBetween } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../../src/services/draws/demo-history.ts';
import { completeDraw, seededRandom } from '../../src/services/draws/fair.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';

const NOW = Date.parse('2026-03-01T04:07:00Z');
const DAY = 86_400_000;

describe('demo draw history', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeEach(async () => {
    env = await createTestEnv();
    app = await buildTestApp(env);
  });
  afterEach(async () => {
    await app.close();
    await env.cleanup();
  });

  const seed = async (days: number, syncDays: number) =>
    seedDemoHistory({
      repos: app.repos,
      games: await app.draws.games(),
      log: app.log,
      now: NOW,
      days,
      syncDays,
    });

  it('writes recent days first, the rest in the background, without gaps', async () => {
    const history = await seed(20, 2);
    // Two days of the 5-minute game (576), 2 of the daily, 1 of the Tue/Thu/Sat game so far.
    expect(history.inserted).toBeGreaterThanOrEqual(576);
    expect(history.inserted).toBeLessThan(600);
    await history.runBackground(() => false);
    const games = await app.draws.games();
    for (const game of games) {
      const end = previousDrawAt(game, new Date(NOW));
      const expected = scheduledDrawsBetween(game, new Date(NOW - 20 * DAY), end);
      expect(await app.repos.draws.countDone(game.id), String(game.id)).toBe(expected.length);
      const newest = await app.repos.draws.newest(game.id);
      expect(newest?.issue).toBe(expected.at(-1)?.issue);
      // Reproducible: the numbers come from a generator seeded with the draw.
      expect(newest?.numbers).toEqual(
        completeDraw([], seededRandom(`${game.id}:${newest?.issue}`)),
      );
    }
    // A second start finds the work done.
    expect((await seed(20, 2)).inserted).toBe(0);
  });

  it('carries on after a restart in the middle of the background part', async () => {
    const first = await seed(60, 1);
    let batches = 0;
    await first.runBackground(() => batches++ >= 1);
    const partial = await app.repos.draws.countDone(120);
    const full = scheduledDrawsBetween(
      (await app.draws.game(120))!,
      new Date(NOW - 60 * DAY),
      previousDrawAt((await app.draws.game(120))!, new Date(NOW)),
    ).length;
    expect(partial).toBeLessThan(full);
    const second = await seed(60, 1);
    await second.runBackground(() => false);
    expect(await app.repos.draws.countDone(120)).toBe(full);
  });

  it('leaves a game that already has draws of its own alone', async () => {
    await app.repos.draws.insert({
      gameId: 111,
      issue: '2026001',
      drawAt: '2026-01-01T13:30:00.000Z',
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
    const history = await seed(10, 10);
    await history.runBackground(() => false);
    expect(await app.repos.draws.countDone(111)).toBe(1);
    // 19–27 February: the 28th is the engine's, the draw due last.
    expect(await app.repos.draws.countDone(110)).toBe(9);
  });
});
