import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ballInfo } from './ball.ts';
import { lunarYearOf } from './lunar.ts';
import {
  TREND_KINDS,
  addToBook,
  bookTable,
  emptyTrendBook,
  trendColumns,
  type TrendDraw,
  type TrendKind,
} from './trend.ts';

const DAY = 86_400_000;

/** Draws one to three days apart from late 2023: the history crosses three lunar new years. */
const history = (max: number) =>
  fc
    .record({
      start: fc.integer({ min: Date.UTC(2023, 10, 1), max: Date.UTC(2024, 0, 20) }),
      draws: fc.array(
        fc.record({
          gap: fc.integer({ min: 1, max: 9 }),
          numbers: fc.uniqueArray(fc.integer({ min: 1, max: 49 }), {
            minLength: 7,
            maxLength: 7,
          }),
        }),
        { maxLength: max, size: 'max' },
      ),
    })
    .map(({ start, draws }) => {
      let at = start;
      return draws.map(({ gap, numbers }, i): TrendDraw => {
        at += gap * DAY;
        const drawAt = new Date(at).toISOString();
        return { issue: String(1000 + i), drawAt, numbers, lunarYear: lunarYearOf(new Date(at)) };
      });
    });

/** What a draw hits, by name, from the ball's attributes as the results page shows them. */
function expectedHits(kind: TrendKind, d: TrendDraw): string[] {
  const two = (n: number) => String(n).padStart(2, '0');
  const special = d.numbers[6]!;
  const info = ballInfo(special, d.lunarYear);
  const sum = d.numbers.reduce((a, b) => a + b, 0);
  switch (kind) {
    case 'special':
      return [two(special)];
    case 'regular':
      return d.numbers
        .slice(0, 6)
        .sort((a, b) => a - b)
        .map(two);
    case 'special-zodiac':
      return [info.zodiacZh];
    case 'special-colour':
      return [info.colourZh];
    case 'special-element':
      return [info.elementZh];
    case 'special-head':
      return [String(Math.floor(special / 10))];
    case 'special-tail':
      return [String(special % 10)];
    case 'special-size-parity':
      return [info.sizeZh + info.parityZh];
    case 'sum-size-parity':
      return [`总${sum >= 175 ? '大' : '小'}${sum % 2 ? '单' : '双'}`];
    default:
      return [two(d.numbers[Number(kind.slice(-1)) - 1]!)];
  }
}

/** The straightforward way: for every row, look back through the whole history. */
function rescan(kind: TrendKind, all: readonly TrendDraw[], limit: number) {
  const columns = trendColumns(kind);
  const hitsAt = all.map((d) => expectedHits(kind, d));
  const cellsAt = all.map((_, i) =>
    columns.map((c) => {
      for (let j = i; j >= 0; j--) if (hitsAt[j]!.includes(c)) return i - j;
      return i + 1;
    }),
  );
  const from = Math.max(0, all.length - limit);
  const rows = all.slice(from).map((d, k) => ({
    issue: d.issue,
    drawAt: d.drawAt,
    hits: hitsAt[from + k]!,
    cells: cellsAt[from + k]!,
  }));
  const col = (i: number) => rows.map((r) => r.cells[i]!);
  const appear = columns.map((_, i) => col(i).filter((c) => c === 0).length);
  const maxStreak = columns.map((_, i) => {
    let best = 0;
    let run = 0;
    for (const c of col(i)) {
      run = c === 0 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    return best;
  });
  return {
    columns: [...columns],
    rows,
    stats: {
      appear,
      maxMiss: columns.map((_, i) => Math.max(0, ...col(i))),
      avgMiss: appear.map((a) => Math.round((rows.length - a) / (a + 1))),
      maxStreak,
    },
  };
}

describe('trend charts', () => {
  it('names each kind’s columns as docs/architecture.md §11 does', () => {
    expect(trendColumns('special')).toHaveLength(49);
    expect(trendColumns('special-zodiac').join('')).toBe('鼠牛虎兔龙蛇马羊猴鸡狗猪');
    expect(trendColumns('special-colour')).toEqual(['红波', '蓝波', '绿波']);
    expect(trendColumns('special-element')).toEqual(['金', '木', '水', '火', '土']);
    expect(trendColumns('special-size-parity')).toEqual(['大单', '大双', '小单', '小双']);
    expect(trendColumns('sum-size-parity')).toEqual(['总大单', '总大双', '总小单', '总小双']);
  });

  it('the running book equals a rescan of the whole history, for every kind, window and limit', () => {
    fc.assert(
      fc.property(
        history(90),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 8 }),
        (all, window, limit, cuts) => {
          const book = emptyTrendBook(window);
          // Draws arrive in batches of any size, as a server catches up.
          let at = 0;
          for (const cut of cuts) {
            addToBook(book, all.slice(at, at + cut));
            at += cut;
          }
          addToBook(book, all.slice(at));
          for (const kind of TREND_KINDS) {
            expect(bookTable(book, kind, limit), kind).toEqual(
              rescan(kind, all, Math.min(limit, window)),
            );
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('counts zodiac and element in each draw’s own lunar year, across a new year', () => {
    // 2025-01-28 is still the year of the dragon (2024), 2025-01-30 the snake's (2025).
    const before: TrendDraw = {
      issue: 'a',
      drawAt: '2025-01-28T13:32:00Z',
      numbers: [2, 3, 4, 5, 6, 7, 1],
      lunarYear: lunarYearOf(new Date('2025-01-28T13:32:00Z')),
    };
    const after: TrendDraw = { ...before, issue: 'b', drawAt: '2025-01-30T13:32:00Z' };
    after.lunarYear = lunarYearOf(new Date(after.drawAt));
    const book = emptyTrendBook(10);
    addToBook(book, [before, after]);
    expect(bookTable(book, 'special-zodiac', 30).rows.map((r) => r.hits)).toEqual([['龙'], ['蛇']]);
  });
});
