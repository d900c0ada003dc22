import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesSearch, SEARCH_POSITIONS, type DrawSearch } from './draw-search.ts';
import { ZODIACS, zodiacOf } from './zodiac.ts';

/** The rule as words say it, with array methods: the model the loops must agree with. */
function model(numbers: number[], year: number, q: DrawSearch, max: number): boolean {
  const at =
    q.position === 'any'
      ? numbers
      : q.position === 'special'
        ? numbers.slice(6, 7)
        : numbers.slice(Number(q.position) - 1, Number(q.position));
  const balls = at.filter((b) => b <= max);
  if (q.numbers.length > 0) {
    const ok =
      q.position === 'any'
        ? q.numbers.every((n) => balls.includes(n))
        : balls.some((b) => q.numbers.includes(b));
    if (!ok) return false;
  }
  if (q.zodiac !== undefined) return balls.some((b) => zodiacOf(b, year) === q.zodiac);
  return true;
}

describe('matchesSearch', () => {
  it('agrees with the rule for every draw, position, set of numbers, zodiac and era', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 }),
        fc.integer({ min: 1993, max: 2030 }),
        fc.constantFrom(...SEARCH_POSITIONS),
        fc.uniqueArray(fc.integer({ min: 1, max: 49 }), { maxLength: 7 }),
        fc.option(fc.constantFrom(...ZODIACS), { nil: undefined }),
        fc.constantFrom(45, 47, 49),
        (numbers, year, position, wanted, zodiac, max) => {
          const q: DrawSearch = { numbers: wanted, position, ...(zodiac && { zodiac }) };
          expect(matchesSearch(numbers, year, q, max)).toBe(model(numbers, year, q, max));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
