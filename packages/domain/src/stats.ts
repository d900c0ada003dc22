import { ALL_BALLS, colourOf, parityOf, sizeOf, type Ball } from './numbers.ts';
import { elementOf } from './five-elements.ts';
import { lunarYearOf } from './lunar.ts';
import { zodiacOf } from './zodiac.ts';
import { BALL_MAX } from './eras.ts';

/** What statistics need of a finished draw: seven numbers (six regular, then the special). */
export interface DrawNumbers {
  numbers: readonly string[];
  drawAt: string | Date;
  /** The highest number drawable in the draw's era (eras.ts); 49 when absent. */
  maxNumber?: number;
}

const drawableIn = (d: DrawNumbers, b: string) => Number(b) <= (d.maxNumber ?? BALL_MAX);

/** Which balls of a draw count: all seven, the six regular ones, or only the special. */
export type BallScope = 'all' | 'regular' | 'special';

export type Attribute = 'colour' | 'zodiac' | 'element' | 'size' | 'parity';

/** The balls a scope counts; one above the draw's range (a record at odds with its era) never. */
function ballsOf(draw: DrawNumbers, scope: BallScope): readonly string[] {
  const balls =
    scope === 'special'
      ? draw.numbers.slice(6, 7)
      : scope === 'regular'
        ? draw.numbers.slice(0, 6)
        : draw.numbers;
  return draw.maxNumber === undefined || draw.maxNumber >= BALL_MAX
    ? balls
    : balls.filter((b) => drawableIn(draw, b));
}

function emptyCounts(): Record<Ball, number> {
  return Object.fromEntries(ALL_BALLS.map((b) => [b, 0]));
}

/** How often each number came up. */
export function frequency(
  draws: readonly DrawNumbers[],
  scope: BallScope = 'all',
): Record<Ball, number> {
  const counts = emptyCounts();
  for (const d of draws) for (const b of ballsOf(d, scope)) counts[b] = (counts[b] ?? 0) + 1;
  return counts;
}

/**
 * 遗漏: for each number, how many draws that could have drawn it have passed since it last came
 * up. `draws` are newest first; a number never seen has been missing for all of those.
 */
export function missing(
  draws: readonly DrawNumbers[],
  scope: BallScope = 'all',
): Record<Ball, number> {
  const out: Record<Ball, number> = {};
  for (const b of ALL_BALLS) {
    let count = 0;
    for (const d of draws) {
      if (ballsOf(d, scope).includes(b)) break;
      if (drawableIn(d, b)) count += 1;
    }
    out[b] = count;
  }
  return out;
}

export interface HotCold {
  /** Considered draws (at most the window). */
  window: number;
  hot: { number: Ball; count: number }[];
  cold: { number: Ball; count: number }[];
}

/**
 * The `take` most and least frequent numbers over the newest `window` draws. Ties break by
 * number so that the answer is stable.
 */
export function hotCold(
  draws: readonly DrawNumbers[],
  window: number,
  take = 10,
  scope: BallScope = 'all',
): HotCold {
  const recent = draws.slice(0, window);
  const counts = frequency(recent, scope);
  // A number no draw of the window could draw is neither hot nor cold there.
  const ranked = ALL_BALLS.filter((b) => recent.some((d) => drawableIn(d, b))).map((number) => ({
    number,
    count: counts[number] ?? 0,
  }));
  const hot = [...ranked].sort((a, b) => b.count - a.count || a.number.localeCompare(b.number));
  const cold = [...ranked].sort((a, b) => a.count - b.count || a.number.localeCompare(b.number));
  return { window: recent.length, hot: hot.slice(0, take), cold: cold.slice(0, take) };
}

function attributeOf(attribute: Attribute, ball: string, lunarYear: number): string {
  switch (attribute) {
    case 'colour':
      return colourOf(ball);
    case 'zodiac':
      return zodiacOf(ball, lunarYear);
    case 'element':
      return elementOf(ball, lunarYear);
    case 'size':
      return sizeOf(ball);
    case 'parity':
      return parityOf(ball);
  }
}

/**
 * How the drawn numbers spread over one attribute. Zodiac and element follow the lunar year of
 * each draw's own date, so a history across New Year is counted correctly.
 */
export function distribution(
  draws: readonly DrawNumbers[],
  attribute: Attribute,
  scope: BallScope = 'all',
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const d of draws) {
    const year = lunarYearOf(new Date(d.drawAt));
    for (const b of ballsOf(d, scope)) {
      const key = attributeOf(attribute, b, year);
      out[key] = (out[key] ?? 0) + 1;
    }
  }
  return out;
}
