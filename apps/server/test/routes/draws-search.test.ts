// GET /draws/search (docs/architecture.md §11) against a plain filter of the history, for many searches.
import {
  matchesSearch,
  SEARCH_POSITIONS,
  ZODIACS,
  type DrawDetail,
  type DrawSearchPage,
} from '@kaijiang/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { lunarYearAt } from '../../src/services/draws/detail.ts';
import { SEARCH_BLOCK_ROWS } from '../../src/services/draws/search-scan.ts';
import type { DrawRecord } from '../../src/repositories/index.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const V2 = '/app-api/api/v2/draws';
// 70 days of history across the lunar new year (17 Feb 2026).
const NOW = Date.parse('2026-03-01T13:40:00Z');
const macauDay = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3_600_000).toISOString().slice(0, 10);

describe('draw search', () => {
  let t: TestApp;
  let history: DrawDetail[];
  beforeAll(async () => {
    t = await createTestApp(
      { demoHistoryDays: 70 },
      { draws: { clock: clockFrom(NOW), demoSyncDays: 70 } },
    );
    const res = await t.app.inject(`${V2}/history?gameId=110&pageSize=100`);
    history = res.json().data.items as DrawDetail[];
  });
  afterAll(() => t.close());

  const search = async (q: Record<string, string>) => {
    const res = await t.app.inject({
      url: `${V2}/search`,
      query: { gameId: '110', pageSize: '100', ...q },
    });
    return res;
  };

  it('finds what a plain filter of the history finds, for any search', async () => {
    const days = history.map((d) => macauDay(d.drawAt)).sort();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { maxLength: 3 }),
        fc.constantFrom(...SEARCH_POSITIONS),
        fc.option(fc.constantFrom(...ZODIACS), { nil: undefined }),
        fc.option(fc.tuple(fc.nat(days.length - 1), fc.nat(days.length - 1)), { nil: undefined }),
        async (numbers, position, zodiac, range) => {
          const [a, b] = range ? [days[Math.min(...range)]!, days[Math.max(...range)]!] : [];
          const q: Record<string, string> = { position };
          if (numbers.length) q.numbers = numbers.map((n) => String(n).padStart(2, '0')).join(',');
          if (zodiac) q.zodiac = zodiac;
          if (a && b) Object.assign(q, { from: a, to: b });
          const res = await search(q);
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json().data as DrawSearchPage;
          const expected = history.filter((d) => {
            const at =
              position === 'any'
                ? [0, 1, 2, 3, 4, 5, 6]
                : position === 'special'
                  ? [6]
                  : [Number(position) - 1];
            const balls = at.map((i) => d.balls[i]!);
            const values = balls.map((x) => Number(x.number));
            if (numbers.length) {
              const ok =
                position === 'any'
                  ? numbers.every((n) => values.includes(n))
                  : values.some((v) => numbers.includes(v));
              if (!ok) return false;
            }
            if (zodiac && !balls.some((x) => x.zodiac === zodiac)) return false;
            const day = macauDay(d.drawAt);
            return !a || (day >= a && day <= b!);
          });
          expect(page.items.map((d) => d.issue)).toEqual(expected.map((d) => d.issue));
          expect(page.total).toBe(expected.length);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('reads any page of a search over thousands of draws back from its map', async () => {
    // Game 120 draws every 5 minutes: 70 days are ~20,000 draws, about 80 blocks of the map.
    const all: DrawRecord[] = [];
    for (;;) {
      const chunk = await t.app.repos.draws.chunkDone(120, { after: all.at(-1), limit: 5000 });
      all.push(...chunk);
      if (chunk.length < 5000) break;
    }
    expect(all.length).toBeGreaterThan(SEARCH_BLOCK_ROWS * 50);
    const days = [...new Set(all.map((d) => macauDay(d.drawAt)))].sort();
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { maxLength: 2 }),
        fc.constantFrom(...SEARCH_POSITIONS),
        fc.option(fc.constantFrom(...ZODIACS), { nil: undefined }),
        fc.option(fc.tuple(fc.nat(days.length - 1), fc.nat(days.length - 1)), { nil: undefined }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 400 }),
        async (numbers, position, zodiac, range, pageSize, pageWanted) => {
          const [a, b] = range ? [days[Math.min(...range)]!, days[Math.max(...range)]!] : [];
          const expected = all
            .filter((d) => {
              const day = macauDay(d.drawAt);
              if (a && (day < a || day > b!)) return false;
              const q = { numbers, position, zodiac };
              return matchesSearch(d.numbers.map(Number), lunarYearAt(d.drawAt), q);
            })
            .reverse();
          // Most pages asked for exist; some lie past the end.
          const page = Math.min(pageWanted, Math.ceil(expected.length / pageSize) + 1);
          const q: Record<string, string> = { position, page: String(page) };
          q.pageSize = String(pageSize);
          if (numbers.length) q.numbers = numbers.map((n) => String(n).padStart(2, '0')).join(',');
          if (zodiac) q.zodiac = zodiac;
          if (a && b) Object.assign(q, { from: a, to: b });
          const res = await t.app.inject({ url: `${V2}/search`, query: { gameId: '120', ...q } });
          expect(res.statusCode, res.body).toBe(200);
          const found = res.json().data as DrawSearchPage;
          const start = (page - 1) * pageSize;
          const want = expected.slice(start, start + pageSize).map((d) => d.issue);
          expect(found.items.map((d) => d.issue)).toEqual(want);
          expect(found.total).toBe(expected.length);
        },
      ),
      { numRuns: 40 },
    );
  }, 180_000);

  it('refuses numbers outside 1–49, reversed dates and unknown zodiacs', async () => {
    const bad: Record<string, string>[] = [
      { numbers: '50' },
      { numbers: '00' },
      { numbers: '1,2,3,4,5,6,7,8' },
      { from: '2026-02-10', to: '2026-02-01' },
      { zodiac: 'cat' },
      { from: '2026-13-01' },
      { position: '7' },
    ];
    for (const q of bad) {
      const res = await search(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().code).toBe('REQ/INVALID');
    }
  });

  it('pages the matches newest first', async () => {
    const all = (await search({ position: 'any' })).json().data as DrawSearchPage;
    const second = (await search({ position: 'any', page: '2', pageSize: '10' })).json()
      .data as DrawSearchPage;
    expect(second.items.map((d) => d.issue)).toEqual(all.items.slice(10, 20).map((d) => d.issue));
    expect(all.items[0]!.issue > all.items[1]!.issue).toBe(true);
  });

  it('exports every match as CSV, oldest first, in the columns the import reads', async () => {
    const q = { numbers: '07', position: 'any' };
    const found = (await search(q)).json().data as DrawSearchPage;
    expect(found.total).toBeGreaterThan(0);
    const res = await t.app.inject({ url: `${V2}/search.csv`, query: { gameId: '110', ...q } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="kaijiang-110-search.csv"',
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('issue,date,n1,n2,n3,n4,n5,n6,special');
    const rows = lines.slice(1).map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(found.items.map((d) => d.issue).reverse());
    for (const [i, r] of rows.entries()) {
      expect(r.slice(2)).toEqual(found.items[found.items.length - 1 - i]!.numbers);
      expect(r.slice(2)).toContain('07');
    }
    // The same checks as the search.
    const bad = await t.app.inject({
      url: `${V2}/search.csv`,
      query: { gameId: '110', numbers: '50' },
    });
    expect(bad.statusCode).toBe(400);
    const none = await t.app.inject({ url: `${V2}/search.csv`, query: { gameId: '999' } });
    expect(none.statusCode).toBe(404);
  });
});
