import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch } from './draw-search.ts';
import { BALL_MAX, HONG_KONG_ERAS, compareIssues, eraOf, erasProblems } from './eras.ts';
import { frequency, hotCold, missing } from './stats.ts';
import { TREND_KINDS, emptyTally, trendColumns, trendTable, type TrendDraw } from './trend.ts';

const ERA_MAX = [45, 47, 49] as const;

/**
 * A history in eras: each draw's range is 45, 47 or 49, and its seven balls are drawn from the
 * whole 1–49 (a record may be at odds with its era; nothing may count such a ball either).
 */
const history = fc.array(
  fc.record({
    maxNumber: fc.constantFrom(...ERA_MAX),
    numbers: fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 }),
  }),
  { minLength: 1, maxLength: 80 },
);

const asTrend = (h: { maxNumber: number; numbers: number[] }[]): TrendDraw[] =>
  h.map((d, i) => ({
    issue: String(2000001 + i),
    drawAt: new Date(Date.UTC(2002, 0, 1) + i * 86_400_000).toISOString(),
    numbers: d.numbers,
    lunarYear: 2002,
    maxNumber: d.maxNumber,
  }));

const ball = (n: number) => String(n).padStart(2, '0');

describe('eras', () => {
  it('Hong Kong: 45 until 1995, 47 until 2002/052, 49 since; HK$4, 5, 10', () => {
    expect(erasProblems(HONG_KONG_ERAS)).toEqual([]);
    expect(eraOf(HONG_KONG_ERAS, '1993001')).toMatchObject({ maxNumber: 45, unitStake: 4 });
    expect(eraOf(HONG_KONG_ERAS, '1995041')).toMatchObject({ maxNumber: 45, unitStake: 4 });
    expect(eraOf(HONG_KONG_ERAS, '1995042')).toMatchObject({ maxNumber: 45, unitStake: 5 });
    expect(eraOf(HONG_KONG_ERAS, '2002052')).toMatchObject({ maxNumber: 47, unitStake: 5 });
    expect(eraOf(HONG_KONG_ERAS, '2002053')).toMatchObject({ maxNumber: 49, unitStake: 5 });
    expect(eraOf(HONG_KONG_ERAS, '2010130')).toMatchObject({ maxNumber: 49, unitStake: 10 });
    expect(eraOf(undefined, '2026001')).toEqual({ maxNumber: BALL_MAX });
    // A longer issue (another numbering) is a later one.
    expect(compareIssues('202611280001', '2026999')).toBeGreaterThan(0);
    expect(erasProblems([HONG_KONG_ERAS[1]!, HONG_KONG_ERAS[0]!])).not.toEqual([]);
  });

  it('a later issue never has a narrower range', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1993001, max: 2030999 }), fc.nat(2000), (a, d) => {
        const x = eraOf(HONG_KONG_ERAS, String(a));
        const y = eraOf(HONG_KONG_ERAS, String(a + d));
        expect(y.maxNumber).toBeGreaterThanOrEqual(x.maxNumber);
        expect(y.unitStake!).toBeGreaterThanOrEqual(x.unitStake!);
      }),
    );
  });

  it('trend charts: no hit, omission or statistic for a number a draw could not draw', () => {
    fc.assert(
      fc.property(history, fc.integer({ min: 1, max: 80 }), (h, limit) => {
        const draws = asTrend(h);
        for (const kind of ['special', 'regular', 'position-3'] as const) {
          const t = trendTable(kind, emptyTally(kind), draws, limit);
          const shown = draws.slice(-limit);
          t.rows.forEach((row, r) => {
            const max = shown[r]!.maxNumber!;
            for (let i = max; i < BALL_MAX; i++) {
              expect(row.off).toContain(i);
              expect(row.cells[i]).toBe(0);
              expect(row.hits).not.toContain(trendColumns(kind)[i]);
            }
            expect(row.off ?? []).toEqual(
              Array.from({ length: BALL_MAX - max }, (_, k) => max + k),
            );
          });
          // Each column's omission counts the draws that could have drawn it, since its last hit.
          const last = t.rows.at(-1)!;
          for (let i = 0; i < BALL_MAX; i++) {
            if (last.off?.includes(i)) continue;
            let expected = 0;
            for (let d = draws.length - 1; d >= 0; d--) {
              const x = draws[d]!;
              if (i + 1 > x.maxNumber!) continue;
              const balls =
                kind === 'special'
                  ? [x.numbers[6]]
                  : kind === 'regular'
                    ? x.numbers.slice(0, 6)
                    : [x.numbers[2]];
              if (balls.includes(i + 1)) break;
              expected += 1;
            }
            expect(last.cells[i]).toBe(expected);
          }
          // Appearances and the average miss count only rows where the column was drawable.
          for (let i = 0; i < BALL_MAX; i++) {
            const rows = t.rows.filter((row) => !row.off?.includes(i));
            const appear = rows.filter((row) => row.cells[i] === 0).length;
            expect(t.stats.appear[i]).toBe(appear);
            expect(t.stats.avgMiss[i]).toBe(Math.round((rows.length - appear) / (appear + 1)));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('every kind of chart stays whole across eras', () => {
    fc.assert(
      fc.property(history, (h) => {
        for (const kind of TREND_KINDS) {
          const t = trendTable(kind, emptyTally(kind), asTrend(h), 500);
          for (const row of t.rows) expect(row.cells.every((c) => c >= 0)).toBe(true);
        }
      }),
      { numRuns: 50 },
    );
  });

  it('statistics: no appearance or omission, no hot or cold, for an undrawable number', () => {
    fc.assert(
      fc.property(
        history,
        fc.constantFrom('all', 'regular', 'special') as fc.Arbitrary<'all' | 'regular' | 'special'>,
        (h, scope) => {
          const draws = h.map((d, i) => ({
            numbers: d.numbers.map(ball),
            drawAt: new Date(Date.UTC(2002, 0, 1) + i * 86_400_000).toISOString(),
            maxNumber: d.maxNumber,
          }));
          const widest = Math.max(...draws.map((d) => d.maxNumber));
          const f = frequency(draws, scope);
          const miss = missing(draws, scope);
          for (let n = 1; n <= BALL_MAX; n++) {
            const b = ball(n);
            const counted = draws.filter(
              (d) =>
                n <= d.maxNumber &&
                (scope === 'special'
                  ? d.numbers.slice(6)
                  : scope === 'regular'
                    ? d.numbers.slice(0, 6)
                    : d.numbers
                ).includes(b),
            ).length;
            expect(f[b]).toBe(counted);
            let gap = 0;
            for (const d of draws) {
              const balls =
                scope === 'special'
                  ? d.numbers.slice(6)
                  : scope === 'regular'
                    ? d.numbers.slice(0, 6)
                    : d.numbers;
              if (n <= d.maxNumber && balls.includes(b)) break;
              if (n <= d.maxNumber) gap += 1;
            }
            expect(miss[b]).toBe(gap);
          }
          const hc = hotCold(draws, draws.length, 49, scope);
          for (const x of [...hc.hot, ...hc.cold])
            expect(Number(x.number)).toBeLessThanOrEqual(widest);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('search: a number above the draw range never matches', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 }),
        fc.constantFrom(...ERA_MAX),
        fc.constantFrom('any', 'special', '1', '4') as fc.Arbitrary<'any' | 'special' | '1' | '4'>,
        (numbers, max, position) => {
          for (const n of numbers) {
            const found = matchesSearch(numbers, 2002, { numbers: [n], position }, max);
            if (n > max) expect(found).toBe(false);
          }
        },
      ),
    );
  });
});
