// Trend charts (走势图, docs/architecture.md §11): for a kind of chart, its columns, which columns a finished
// draw hits, and the table of omissions. An omission counts draws since the column was last hit
// over the game's whole history; the history is folded into a running tally (`TrendTally`), so a
// server keeps that tally as draws finish instead of reading the history again per request.
import { ELEMENTS, ELEMENT_ZH, elementOf } from './five-elements.ts';
import { COLOUR_INFO, colourOf, parityOf, sizeOf, type Colour } from './numbers.ts';
import { ZODIACS, ZODIAC_ZH, zodiacOf } from './zodiac.ts';
import { SUM_BIG_FROM } from './sum.ts';
import { BALL_MAX } from './eras.ts';

export const TREND_KINDS = [
  'special',
  'regular',
  'position-1',
  'position-2',
  'position-3',
  'position-4',
  'position-5',
  'position-6',
  'special-zodiac',
  'special-colour',
  'special-element',
  'special-head',
  'special-tail',
  'special-size-parity',
  'sum-size-parity',
] as const;
export type TrendKind = (typeof TREND_KINDS)[number];

export const isTrendKind = (x: unknown): x is TrendKind =>
  typeof x === 'string' && (TREND_KINDS as readonly string[]).includes(x);

export const TREND_LIMIT_MIN = 30;
export const TREND_LIMIT_MAX = 500;
export const TREND_LIMIT_DEFAULT = 100;
/**
 * The range "all": every draw of a game up to this many, the newest (33 years of a game drawn
 * three times a week; a fast game's most recent weeks).
 */
export const TREND_ALL_ROWS = 5000;

const NUMBER_COLUMNS = Array.from({ length: 49 }, (_, i) => String(i + 1).padStart(2, '0'));
const COLOURS: readonly Colour[] = ['red', 'blue', 'green'];
const SIZE_PARITY = ['大单', '大双', '小单', '小双'] as const;

const COLUMNS: Readonly<Record<TrendKind, readonly string[]>> = {
  special: NUMBER_COLUMNS,
  regular: NUMBER_COLUMNS,
  'position-1': NUMBER_COLUMNS,
  'position-2': NUMBER_COLUMNS,
  'position-3': NUMBER_COLUMNS,
  'position-4': NUMBER_COLUMNS,
  'position-5': NUMBER_COLUMNS,
  'position-6': NUMBER_COLUMNS,
  'special-zodiac': ZODIACS.map((z) => ZODIAC_ZH[z]),
  'special-colour': COLOURS.map((c) => COLOUR_INFO[c].zh),
  'special-element': ELEMENTS.map((e) => ELEMENT_ZH[e]),
  'special-head': ['0', '1', '2', '3', '4'],
  'special-tail': ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
  'special-size-parity': SIZE_PARITY,
  'sum-size-parity': SIZE_PARITY.map((s) => `总${s}`),
};

export function trendColumns(kind: TrendKind): readonly string[] {
  return COLUMNS[kind];
}

/** Size and parity as one column: 0 大单, 1 大双, 2 小单, 3 小双. */
const sizeParityIndex = (big: boolean, odd: boolean) => (big ? 0 : 2) + (odd ? 0 : 1);

/**
 * Indices of the columns a finished draw hits. `numbers` are the seven balls, six regular then
 * the special; zodiac and element are those of the draw's lunar year.
 */
export function trendHits(
  kind: TrendKind,
  numbers: readonly number[],
  lunarYear: number,
): number[] {
  const special = numbers[6]!;
  switch (kind) {
    case 'special':
      return [special - 1];
    case 'regular':
      return [...new Set(numbers.slice(0, 6))].map((n) => n - 1).sort((a, b) => a - b);
    case 'special-zodiac':
      return [ZODIACS.indexOf(zodiacOf(special, lunarYear))];
    case 'special-colour':
      return [COLOURS.indexOf(colourOf(special))];
    case 'special-element':
      return [ELEMENTS.indexOf(elementOf(special, lunarYear))];
    case 'special-head':
      return [Math.floor(special / 10)];
    case 'special-tail':
      return [special % 10];
    case 'special-size-parity':
      return [sizeParityIndex(sizeOf(special) === 'big', parityOf(special) === 'odd')];
    case 'sum-size-parity': {
      const sum = numbers.reduce((a, b) => a + b, 0);
      return [sizeParityIndex(sum >= SUM_BIG_FROM, sum % 2 === 1)];
    }
    default: {
      const position = Number(kind.slice('position-'.length));
      return [numbers[position - 1]! - 1];
    }
  }
}

/** A finished draw as a trend reads it. */
export interface TrendDraw {
  issue: string;
  drawAt: string;
  /** Seven balls as numbers, the special last. */
  numbers: readonly number[];
  lunarYear: number;
  /** The highest number drawable in the draw's era (eras.ts); 49 when absent. */
  maxNumber?: number;
}

const NUMBER_KINDS: ReadonlySet<TrendKind> = new Set(
  TREND_KINDS.filter((k) => COLUMNS[k] === NUMBER_COLUMNS),
);

/**
 * The columns a draw could not have hit, whatever it drew: the numbers above its era's range on
 * a chart of numbers. Other charts group numbers, and every group keeps some in every era.
 */
export function undrawableColumns(kind: TrendKind, maxNumber = BALL_MAX): number[] {
  if (!NUMBER_KINDS.has(kind) || maxNumber >= BALL_MAX) return [];
  return Array.from({ length: BALL_MAX - maxNumber }, (_, i) => maxNumber + i);
}

/**
 * The history folded: how many finished draws there were; per column how many of them could not
 * have hit it (its era's range ended below it) and the draw that last hit it, counted among
 * those that could (1-based; 0 for never). A column's omission is `seen − skipped − lastHit`:
 * only draws that could have drawn it. Adding a draw costs its hits (and, in a narrower era, the
 * columns above its range), not every column, so a long history folds quickly.
 */
export interface TrendTally {
  seen: number;
  skipped: number[];
  lastHit: number[];
}

export const emptyTally = (kind: TrendKind): TrendTally => ({
  seen: 0,
  skipped: COLUMNS[kind].map(() => 0),
  lastHit: COLUMNS[kind].map(() => 0),
});

/**
 * The tally after one more finished draw, in place; answers the columns it hit. A ball above
 * the draw's range (a record that contradicts its era) hits nothing.
 */
export function addToTally(kind: TrendKind, tally: TrendTally, draw: TrendDraw): number[] {
  const off = undrawableColumns(kind, draw.maxNumber);
  const hits =
    off.length === 0
      ? trendHits(kind, draw.numbers, draw.lunarYear)
      : trendHits(kind, draw.numbers, draw.lunarYear).filter((h) => !off.includes(h));
  tally.seen += 1;
  for (const i of off) tally.skipped[i]! += 1;
  for (const h of hits) tally.lastHit[h] = tally.seen - tally.skipped[h]!;
  return hits;
}

/** Per column, draws that could have hit it since it was last hit (0 when the last one did). */
export const omissionsOf = (tally: TrendTally): number[] =>
  tally.lastHit.map((h, i) => tally.seen - tally.skipped[i]! - h);

export interface TrendRow {
  issue: string;
  drawAt: string;
  /** The columns hit, by name. */
  hits: string[];
  /** 0 where hit, else the omission. */
  cells: number[];
  /** Columns this draw could not have hit (numbers above its era's range); cells there are 0. */
  off?: number[];
}

export interface TrendStats {
  appear: number[];
  maxMiss: number[];
  avgMiss: number[];
  maxStreak: number[];
}

export interface TrendTable {
  columns: string[];
  rows: TrendRow[];
  stats: TrendStats;
}

/**
 * The table of the last `limit` of `draws` (oldest first), given the tally of everything before
 * `draws[0]`. Stats cover the rows shown.
 */
export function trendTable(
  kind: TrendKind,
  before: TrendTally,
  draws: readonly TrendDraw[],
  limit: number,
): TrendTable {
  const columns = COLUMNS[kind];
  const tally: TrendTally = {
    seen: before.seen,
    skipped: [...before.skipped],
    lastHit: [...before.lastHit],
  };
  const first = Math.max(0, draws.length - limit);
  const rows: TrendRow[] = [];
  const n = columns.length;
  const appear = new Array<number>(n).fill(0);
  const maxMiss = new Array<number>(n).fill(0);
  const maxStreak = new Array<number>(n).fill(0);
  const streak = new Array<number>(n).fill(0);
  const shownOf = new Array<number>(n).fill(0);
  for (let d = 0; d < draws.length; d++) {
    const draw = draws[d]!;
    const hits = addToTally(kind, tally, draw);
    if (d < first) continue;
    const cells = omissionsOf(tally);
    const off = undrawableColumns(kind, draw.maxNumber);
    for (const i of off) {
      cells[i] = 0;
      streak[i] = 0;
    }
    for (let i = 0; i < n; i++) {
      if (off.length > 0 && off.includes(i)) continue;
      shownOf[i]! += 1;
      if (cells[i] === 0) {
        appear[i]! += 1;
        streak[i]! += 1;
        if (streak[i]! > maxStreak[i]!) maxStreak[i] = streak[i]!;
      } else {
        streak[i] = 0;
        if (cells[i]! > maxMiss[i]!) maxMiss[i] = cells[i]!;
      }
    }
    const row: TrendRow = {
      issue: draw.issue,
      drawAt: draw.drawAt,
      hits: hits.map((h) => columns[h]!),
      cells,
    };
    if (off.length > 0) row.off = off;
    rows.push(row);
  }
  return {
    columns: [...columns],
    rows,
    stats: {
      appear,
      maxMiss,
      avgMiss: appear.map((a, i) => Math.round((shownOf[i]! - a) / (a + 1))),
      maxStreak,
    },
  };
}

/**
 * What a server keeps per game: the last `window` finished draws, and per kind the tally of
 * everything older. Adding a draw moves the oldest one kept into the tallies.
 */
export interface TrendBook<D extends TrendDraw = TrendDraw> {
  window: number;
  /** The draws as given (a caller may keep more of each than the charts read). */
  draws: D[];
  before: Record<TrendKind, TrendTally>;
}

export function emptyTrendBook<D extends TrendDraw = TrendDraw>(window: number): TrendBook<D> {
  const before = {} as Record<TrendKind, TrendTally>;
  for (const kind of TREND_KINDS) before[kind] = emptyTally(kind);
  return { window, draws: [], before };
}

/** Adds finished draws (oldest first, each after the last one kept), in place. */
export function addToBook<D extends TrendDraw>(book: TrendBook<D>, draws: readonly D[]): void {
  for (const draw of draws) book.draws.push(draw);
  const overflow = book.draws.length - book.window;
  if (overflow <= 0) return;
  for (let i = 0; i < overflow; i++) {
    for (const kind of TREND_KINDS) addToTally(kind, book.before[kind], book.draws[i]!);
  }
  book.draws.splice(0, overflow);
}

/** The table of a kind from a book: its last `limit` rows (at most the window). */
export function bookTable(book: TrendBook, kind: TrendKind, limit: number): TrendTable {
  return trendTable(kind, book.before[kind], book.draws, Math.min(limit, book.window));
}
