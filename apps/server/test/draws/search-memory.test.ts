// Searches of the real Hong Kong history (game 111, 4,374 draws since 1993) answer from the
// draws the trend book holds (services/draws/search-memory.ts): the same answer as the table's
// scan (search-scan.ts) for any search, before and after a correction and an import, without
// reading the range from the table; and a draw another instance stores reaches them as it
// reaches the trend book.
import {
  SEARCH_POSITIONS,
  ZODIACS,
  type DrawSearchPage,
  type Game,
  zonedParts,
} from '@kaijiang/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHeavyLane } from '../../src/lib/heavy-lane.ts';
import { toDetail } from '../../src/services/draws/detail.ts';
import { createSearchScan, type SearchQuery } from '../../src/services/draws/search-scan.ts';
import { TREND_RECHECK_MS, TREND_REFOLD_MS } from '../../src/services/draws/trend-book.ts';
import { buildTestApp, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const V2 = '/app-api/api/v2/draws';
const ADMIN = 'Search-memory-admin-token-0123456789abcdef';
const GAME = 111;

describe('searches from memory', () => {
  let t: TestApp;
  let game: Game;
  // Range reads of the draws table while a search route answers (catch-ups of the book are not).
  let rangeReads = 0;
  let counting = false;
  // This instance's clock, moved on by the test (the other instance keeps the real one).
  let ahead = 0;
  const scan = (app: FastifyInstance) =>
    createSearchScan({
      repos: app.repos,
      heavy: createHeavyLane({ concurrency: 1, maxWaiting: 64 }),
    });

  beforeAll(async () => {
    t = await createTestApp(
      { adminToken: ADMIN, realHistory: true, readLimitExempt: ['127.0.0.1'] },
      { draws: { clock: () => Date.now() + ahead } },
    );
    // The whole first-start load: the real draws, then the simulator's since (on PostgreSQL
    // those were still going in when the first search folded the book). Once it is done the
    // load drops the game's book (plugins/app/demo-seed.ts), so searches start from all of it.
    await waitFor(
      async () => (await t.app.repos.meta.get(`seed.real.${GAME}`)) === 'done',
      60_000,
      'the real history of game 111 and the simulated draws since',
    );
    game = (await t.app.draws.game(GAME))!;
    const repo = t.app.repos.draws;
    const chunkDone = repo.chunkDone.bind(repo);
    repo.chunkDone = (gameId, opts) => {
      if (counting && (opts.since !== undefined || opts.until !== undefined)) rangeReads++;
      return chunkDone(gameId, opts);
    };
  }, 90_000);
  afterAll(() => t?.close());

  /** The route's answer, and the table scan's for the same search. */
  async function both(app: FastifyInstance, q: SearchQuery, page: number, pageSize: number) {
    const query: Record<string, string> = {
      gameId: String(GAME),
      position: q.position,
      page: String(page),
      pageSize: String(pageSize),
    };
    if (q.numbers.length) query.numbers = q.numbers.join(',');
    if (q.zodiac) query.zodiac = q.zodiac;
    if (q.from) query.from = q.from;
    if (q.to) query.to = q.to;
    counting = true;
    const res = await app.inject({ url: `${V2}/search`, query });
    counting = false;
    expect(res.statusCode, res.body).toBe(200);
    const s = scan(app);
    const m = await s.map(game, q);
    const rows = await s.page(game, q, m, (page - 1) * pageSize, pageSize);
    const expected: DrawSearchPage = {
      items: rows.map(toDetail),
      page,
      pageSize,
      total: m.hitsBefore[m.hitsBefore.length - 1]!,
      scanned: m.rows,
    };
    return { got: res.json().data as DrawSearchPage, expected, body: res.body };
  }

  const day = fc
    .date({
      min: new Date('1992-06-01T00:00:00Z'),
      max: new Date('2026-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const searches = fc.record({
    numbers: fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { maxLength: 3 }),
    position: fc.constantFrom(...SEARCH_POSITIONS),
    zodiac: fc.option(fc.constantFrom(...ZODIACS), { nil: undefined }),
    range: fc.option(fc.tuple(day, day), { nil: undefined }),
    pageSize: fc.integer({ min: 1, max: 100 }),
    page: fc.integer({ min: 1, max: 30 }),
  });

  async function sameAsTheScan(runs: number) {
    await fc.assert(
      fc.asyncProperty(searches, async ({ numbers, position, zodiac, range, pageSize, page }) => {
        const [from, to] = range ? [...range].sort() : [];
        const q: SearchQuery = { numbers, position, zodiac, from, to };
        rangeReads = 0;
        const { got, expected } = await both(t.app, q, page, pageSize);
        expect(got).toStrictEqual(JSON.parse(JSON.stringify(expected)));
        // Answered from memory: the route read no range of the table.
        expect(rangeReads).toBe(0);
      }),
      { numRuns: runs },
    );
  }

  it('answers as the table scan does, for any search, without reading the range', async () => {
    await sameAsTheScan(150);
  }, 120_000);

  const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${ADMIN}` } });
  const localDay = (iso: string) => {
    const p = zonedParts(Date.parse(iso), game.timezone);
    return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
  };

  it('answers as the table scan does after a correction', async () => {
    const [draw] = await t.app.repos.draws.pageDone(GAME, { year: 2010, limit: 1, offset: 40 });
    const special = draw!.numbers.includes('49') ? '48' : '49';
    const numbers = [...draw!.numbers.slice(0, 6).filter((n) => n !== special), special];
    while (numbers.length < 7) numbers.unshift(numbers.includes('01') ? '02' : '01');
    const fixed = await admin('PUT', `/app-api/admin/draws/${GAME}/${draw!.issue}`, {
      numbers,
      reason: '测试更正',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const on = localDay(draw!.drawAt);
    const q: SearchQuery = { numbers: [Number(special)], position: 'special', from: on, to: on };
    const { got, expected } = await both(t.app, q, 1, 20);
    expect(got.items.map((d) => d.issue)).toEqual([draw!.issue]);
    expect(got).toStrictEqual(JSON.parse(JSON.stringify(expected)));
    await sameAsTheScan(60);
  }, 120_000);

  it('answers as the table scan does after an import, earlier draws and replaced ones', async () => {
    const [kept] = await t.app.repos.draws.pageDone(GAME, { year: 2001, limit: 1, offset: 10 });
    const csv = [
      // Before the first draw of the history: the book reads it from the start again.
      '1992150,1992-12-29,01,02,03,04,05,06,07',
      `${kept!.issue},${localDay(kept!.drawAt)},11,12,13,14,15,16,17`,
      '',
    ].join('\n');
    const imported = await admin('POST', `/app-api/admin/draws/${GAME}/import`, {
      csv,
      replace: true,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data, imported.body).toMatchObject({ inserted: 1, updated: 1 });
    const early = await both(
      t.app,
      { numbers: [1, 7], position: 'any', from: '1992-12-01', to: '1992-12-31' },
      1,
      20,
    );
    expect(early.got.items.map((d) => d.issue)).toEqual(['1992150']);
    expect(early.got).toStrictEqual(JSON.parse(JSON.stringify(early.expected)));
    await sameAsTheScan(60);
  }, 120_000);

  it('hears of a draw another instance stores as the trend book does, within its recheck', async () => {
    // A second instance on the same database, without Redis: nothing tells this one.
    const other = await buildTestApp(t.env, { realHistory: true, adminToken: ADMIN });
    try {
      const drawAt = new Date(Date.now() - 60_000).toISOString();
      const stored = {
        gameId: GAME,
        issue: '2026/999',
        drawAt,
        year: 2026,
        status: 'done' as const,
        numbers: ['01', '12', '23', '34', '45', '46', '47'],
        source: 'manual' as const,
      };
      expect(await other.repos.draws.insert(stored)).toBe(true);
      await other.draws.changed(stored);
      const on = localDay(drawAt);
      const today: SearchQuery = { numbers: [45, 47], position: 'any', from: on, to: on };
      await waitFor(
        async () => {
          const { got } = await both(t.app, today, 1, 20);
          return got.items.some((d) => d.issue === '2026/999');
        },
        TREND_RECHECK_MS + 5_000,
        'the other instance’s draw in a search',
      );
      rangeReads = 0;
      const { got, expected } = await both(t.app, today, 1, 20);
      expect(got).toStrictEqual(JSON.parse(JSON.stringify(expected)));
      expect(rangeReads).toBe(0);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('shows a correction made on another instance once the book is folded again', async () => {
    const other = await buildTestApp(t.env, { realHistory: true, adminToken: ADMIN });
    try {
      const [draw] = await t.app.repos.draws.pageDone(GAME, { year: 2015, limit: 1, offset: 5 });
      const special = draw!.numbers.includes('48') ? '47' : '48';
      const numbers = [...draw!.numbers.slice(0, 6).filter((n) => n !== special), special];
      while (numbers.length < 7) numbers.unshift(numbers.includes('01') ? '02' : '01');
      const on = localDay(draw!.drawAt);
      const q: SearchQuery = { numbers: [Number(special)], position: 'special', from: on, to: on };
      expect((await both(t.app, q, 1, 20)).got.total).toBe(0);
      const fixed = await other.inject({
        method: 'PUT',
        url: `/app-api/admin/draws/${GAME}/${draw!.issue}`,
        payload: { numbers, reason: '测试更正' },
        headers: { authorization: `Bearer ${ADMIN}` },
      });
      expect(fixed.statusCode, fixed.body).toBe(200);
      // Nothing told this instance: its book still holds the draw as it was.
      expect((await both(t.app, q, 1, 20)).got.total).toBe(0);
      ahead += TREND_REFOLD_MS;
      const seen = await waitFor(async () => {
        const found = await both(t.app, q, 1, 20);
        return found.got.total === 1 && found;
      }, 10_000);
      expect(seen.got.items.map((d) => d.issue)).toEqual([draw!.issue]);
      expect(seen.got).toStrictEqual(JSON.parse(JSON.stringify(seen.expected)));
    } finally {
      await other.close();
    }
  }, 60_000);
});
