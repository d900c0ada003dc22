import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawRecord } from '../../src/repositories/draw-repository.ts';
import { clockFrom } from '../../src/services/draws/clock.ts';
import {
  createHistoryKeys,
  KEYSET_FROM_ROWS,
  type HistoryKeys,
} from '../../src/services/draws/history-keys.ts';
import { createHeavyLane } from '../../src/lib/heavy-lane.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

// 20 days of the 5-minute game (game 120) span two years: 5,700 finished draws or so.
const NOW = Date.parse('2026-01-10T12:00:00Z');
const GAME = 120;

describe('history pages by key', () => {
  let t: TestApp;
  let keys: HistoryKeys;
  const count = () => t.app.repos.draws.countDone(GAME);

  /** Asks until the keys answer for this count (they are read in the background). */
  async function ready(): Promise<void> {
    const n = await count();
    for (let i = 0; i < 200; i += 1) {
      if (keys.start(GAME, undefined, KEYSET_FROM_ROWS, n)) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('history keys never became ready');
  }

  /** The page as OFFSET reads it, and as the key index makes it. */
  async function both(year: number | undefined, offset: number, limit: number) {
    const byOffset = await t.app.repos.draws.pageDone(GAME, { year, limit, offset });
    const start = keys.start(GAME, year, offset, await count());
    const byKey = start
      ? await t.app.repos.draws.pageDoneFrom(GAME, { year, ...start, limit })
      : null;
    return { byOffset, byKey };
  }

  const draw = (issue: string, drawAt: string): DrawRecord => ({
    gameId: GAME,
    issue,
    drawAt,
    year: new Date(drawAt).getUTCFullYear(),
    status: 'done',
    numbers: ['01', '02', '03', '04', '05', '06', '07'],
  });

  beforeAll(async () => {
    t = await createTestApp(
      { demoHistoryDays: 20 },
      { draws: { clock: clockFrom(NOW), demoSyncDays: 20 } },
    );
    // Imported draws that share a draw time with each other, deep in the history.
    await t.app.repos.draws.insertMany([
      draw('X20251225A', '2025-12-25T04:02:30.000Z'),
      draw('X20251225B', '2025-12-25T04:02:30.000Z'),
      draw('X20251225C', '2025-12-25T04:02:30.000Z'),
    ]);
    keys = createHistoryKeys({
      repos: t.app.repos,
      heavy: createHeavyLane({ concurrency: 1, maxWaiting: 64 }),
      onError: (err) => {
        throw err;
      },
    });
    await ready();
  });
  afterAll(() => t.close());

  it('starts every deep page where OFFSET would, ties in draw time included', async () => {
    const total = await count();
    const years = await t.app.repos.draws.yearsDone(GAME);
    expect(years.length).toBeGreaterThan(1);
    await fc.assert(
      fc.asyncProperty(
        fc.option(fc.constantFrom(...years), { nil: undefined }),
        fc.integer({ min: KEYSET_FROM_ROWS, max: total + 5 }),
        fc.integer({ min: 1, max: 100 }),
        async (year, offset, limit) => {
          const { byOffset, byKey } = await both(year, offset, limit);
          // Past the end (of the game or its year) the keys decline and OFFSET answers.
          if (byKey === null) expect(byOffset).toHaveLength(0);
          else expect(byKey).toEqual(byOffset);
        },
      ),
      { numRuns: 150 },
    );
    // The ties are reached by key, one by one.
    const tieAt = (await t.app.repos.draws.pageDone(GAME, { limit: total, offset: 0 })).findIndex(
      (d) => d.issue.startsWith('X2025'),
    );
    for (const offset of [tieAt, tieAt + 1, tieAt + 2]) {
      const { byOffset, byKey } = await both(undefined, offset, 2);
      expect(byKey).toEqual(byOffset);
      expect(keys.start(GAME, undefined, offset, total)!.skip).toBe(offset - tieAt);
    }
  });

  it('leaves the first pages to OFFSET', async () => {
    expect(keys.start(GAME, undefined, KEYSET_FROM_ROWS - 1, await count())).toBeNull();
  });

  it('follows new draws at the front, and reads itself again after an import', async () => {
    // Newer than every stored draw, and drawn already (the clock started at NOW).
    await t.app.repos.draws.insertMany([
      draw('N1', '2026-01-10T12:00:00.100Z'),
      draw('N2', '2026-01-10T12:00:00.200Z'),
    ]);
    // Not current: OFFSET answers while the two new keys are added.
    expect(keys.start(GAME, undefined, 2_000, await count())).toBeNull();
    await ready();
    let { byOffset, byKey } = await both(undefined, 2_000, 20);
    expect(byKey).toEqual(byOffset);
    // An older draw imported: the front no longer explains the count, the list is read again.
    await t.app.repos.draws.insertMany([draw('OLD1', '2025-12-22T00:00:00.000Z')]);
    await ready();
    ({ byOffset, byKey } = await both(undefined, 3_000, 50));
    expect(byKey).toEqual(byOffset);
  });
});
