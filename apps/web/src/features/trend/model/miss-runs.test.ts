import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LADDER, ladderSlices, missRuns } from './miss-runs';

/** A chart's cells as the server counts them: 0 on a hit, one more than the row before else. */
const chartArb = fc
  .record({ cols: fc.integer({ min: 1, max: 12 }), rows: fc.integer({ min: 1, max: 60 }) })
  .chain(({ cols, rows }) =>
    fc.record({
      start: fc.array(fc.integer({ min: 0, max: 400 }), { minLength: cols, maxLength: cols }),
      hits: fc.array(fc.array(fc.boolean(), { minLength: cols, maxLength: cols }), {
        minLength: rows,
        maxLength: rows,
      }),
    }),
  )
  .map(({ start, hits }) => {
    let prev = start;
    return hits.map((row) => {
      const cells = row.map((hit, c) => (hit ? 0 : prev[c]! + 1));
      prev = cells;
      return { cells };
    });
  });

const windowArb = chartArb.chain((rows) =>
  fc
    .record({
      a: fc.nat(rows.length),
      b: fc.nat(rows.length),
      c: fc.nat(rows[0]!.cells.length),
      d: fc.nat(rows[0]!.cells.length),
    })
    .map(({ a, b, c, d }) => ({
      rows,
      from: Math.min(a, b),
      to: Math.max(a, b),
      c0: Math.min(c, d),
      c1: Math.max(c, d),
    })),
);

describe('missRuns', () => {
  it('covers each omission of the window once, in runs counting up by one', () => {
    fc.assert(
      fc.property(windowArb, ({ rows, from, to, c0, c1 }) => {
        const seen = new Map<string, number>();
        for (const run of missRuns(rows, from, to, c0, c1)) {
          expect(run.count).toBeGreaterThan(0);
          for (let k = 0; k < run.count; k++) {
            const key = `${run.row + k}:${run.column}`;
            expect(seen.has(key)).toBe(false);
            seen.set(key, run.first + k);
          }
        }
        for (let r = from; r < to; r++)
          for (let c = c0; c < c1; c++) {
            const n = rows[r]!.cells[c]!;
            expect(seen.get(`${r}:${c}`)).toBe(n === 0 ? undefined : n);
          }
        expect(seen.size).toBe(
          rows
            .slice(from, to)
            .reduce((s, row) => s + row.cells.slice(c0, c1).filter((n) => n > 0).length, 0),
        );
      }),
    );
  });

  it('makes one run of each stretch between two hits', () => {
    fc.assert(
      fc.property(windowArb, ({ rows, from, to, c0, c1 }) => {
        for (const run of missRuns(rows, from, to, c0, c1)) {
          const after = run.row + run.count;
          if (after < to) expect(rows[after]!.cells[run.column]).toBe(0);
          if (run.row > from) expect(rows[run.row - 1]!.cells[run.column]).toBe(0);
        }
      }),
    );
  });
});

describe('ladderSlices', () => {
  it('cuts a run into pieces of one ladder each, showing the run’s numbers in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 300 }),
        fc.nat(500),
        (first, count, row) => {
          const slices = ladderSlices({ column: 3, row, first, count });
          let n = first;
          let r = row;
          for (const s of slices) {
            expect(s.at + s.count).toBeLessThanOrEqual(LADDER);
            expect(s.ladder * LADDER + s.at + 1).toBe(n);
            expect(s.row).toBe(r);
            n += s.count;
            r += s.count;
          }
          expect(n - first).toBe(count);
          expect(slices.length).toBeLessThanOrEqual(Math.ceil(count / LADDER) + 1);
        },
      ),
    );
  });
});
