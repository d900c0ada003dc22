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

/** The places a search looks at: all seven, the special, or one regular place. */
function placesOf(position: SearchPosition): readonly [number, number] {
  if (position === 'any') return [0, 7];
  if (position === 'special') return [6, 7];
  return [Number(position) - 1, Number(position)];
}

/**
 * Whether a finished draw (seven balls, the special last) matches the search; `maxNumber` is
 * the highest number its era could draw (eras.ts): a ball above it (a record at odds with its
 * era) matches nothing. Loops, not array methods: a search over the
 * whole history calls it for every draw, and makes no garbage doing so.
 */
export function matchesSearch(
  numbers: readonly number[],
  lunarYear: number,
  q: DrawSearch,
  maxNumber = BALL_MAX,
): boolean {
  const [from, to] = placesOf(q.position);
  const end = Math.min(to, numbers.length);
  if (q.numbers.length > 0) {
    let ok: boolean;
    if (q.position === 'any') {
      ok = true;
      for (const n of q.numbers) {
        let found = false;
        for (let i = from; i < end && !found; i++) found = numbers[i] === n && n <= maxNumber;
        if (!found) {
          ok = false;
          break;
        }
      }
    } else {
      ok = false;
      for (let i = from; i < end && !ok; i++) {
        const b = numbers[i]!;
        ok = b <= maxNumber && q.numbers.includes(b);
      }
    }
    if (!ok) return false;
  }
  if (q.zodiac !== undefined) {
    for (let i = from; i < end; i++) {
      const b = numbers[i]!;
      if (b <= maxNumber && zodiacOf(b, lunarYear) === q.zodiac) return true;
    }
    return false;
  }
  return true;
}

export const isZodiac = (x: unknown): x is Zodiac =>
  typeof x === 'string' && (ZODIACS as readonly string[]).includes(x);
