// Draw search (docs/architecture.md §11): which finished draws match a visitor's numbers, position and zodiac.
import { ZODIACS, zodiacOf, type Zodiac } from './zodiac.ts';
import { BALL_MAX } from './eras.ts';

export const SEARCH_POSITIONS = ['any', 'special', '1', '2', '3', '4', '5', '6'] as const;
export type SearchPosition = (typeof SEARCH_POSITIONS)[number];

export interface DrawSearch {
  /** Numbers 1–49; with `any`, a draw must hold every one of them; at one place, one of them. */
  numbers: readonly number[];
  position: SearchPosition;
  /** The zodiac of the number at `position` (any: of one of the seven), in the draw's year. */
  zodiac?: Zodiac;
}

/** The balls a search looks at: all seven, the special, or one regular place. */
function ballsAt(numbers: readonly number[], position: SearchPosition): readonly number[] {
  if (position === 'any') return numbers;
  if (position === 'special') return numbers.slice(6, 7);
  return numbers.slice(Number(position) - 1, Number(position));
}

/**
 * Whether a finished draw (seven balls, the special last) matches the search; `maxNumber` is
 * the highest number its era could draw (eras.ts).
 */
export function matchesSearch(
  numbers: readonly number[],
  lunarYear: number,
  q: DrawSearch,
  maxNumber = BALL_MAX,
): boolean {
  // A ball above the draw's range (a record at odds with its era) matches nothing.
  const at = ballsAt(numbers, q.position);
  const balls = maxNumber >= BALL_MAX ? at : at.filter((b) => b <= maxNumber);
  if (q.numbers.length > 0) {
    const ok =
      q.position === 'any'
        ? q.numbers.every((n) => balls.includes(n))
        : balls.some((b) => q.numbers.includes(b));
    if (!ok) return false;
  }
  if (q.zodiac !== undefined) return balls.some((b) => zodiacOf(b, lunarYear) === q.zodiac);
  return true;
}

export const isZodiac = (x: unknown): x is Zodiac =>
  typeof x === 'string' && (ZODIACS as readonly string[]).includes(x);
