import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  artOf,
  byZodiacTrait,
  digitSumOf,
  digitSumParity,
  gateOf,
  groupBalls,
  headOf,
  heavenOrEarth,
  segmentOf,
  tailOf,
  yinYang,
} from './attributes.ts';
import { ALL_BALLS } from './numbers.ts';
import { ZODIACS, zodiacOf } from './zodiac.ts';

const ball = fc.integer({ min: 1, max: 49 });

describe('attribute conventions', () => {
  it('splits the twelve animals six and six for 天地 and 阴阳, three each for 琴棋书画', () => {
    const count = <T>(f: (z: (typeof ZODIACS)[number]) => T, v: T) =>
      ZODIACS.filter((z) => f(z) === v).length;
    expect(count(heavenOrEarth, 'heaven')).toBe(6);
    expect(count(yinYang, 'yang')).toBe(6);
    for (const art of ['qin', 'qi', 'shu', 'hua'] as const) expect(count(artOf, art)).toBe(3);
    // 阳: the odd earthly branches, every other animal from the rat.
    expect(ZODIACS.filter((z) => yinYang(z) === 'yang')).toEqual(
      ZODIACS.filter((_, i) => i % 2 === 0),
    );
  });

  it('reads head, tail, digit sum, segment and gate from the number, for all numbers', () => {
    fc.assert(
      fc.property(ball, (n) => {
        expect(headOf(n) * 10 + tailOf(n)).toBe(n);
        expect(digitSumOf(n)).toBe(
          String(n)
            .split('')
            .reduce((a, d) => a + Number(d), 0),
        );
        expect(digitSumParity(n)).toBe(digitSumOf(n) % 2 ? 'odd' : 'even');
        expect(segmentOf(n)).toBeGreaterThanOrEqual(1);
        expect(segmentOf(n)).toBeLessThanOrEqual(7);
        expect((segmentOf(n) - 1) * 7 < n && n <= segmentOf(n) * 7).toBe(true);
        expect(gateOf(n)).toBe(n <= 9 ? 1 : n <= 18 ? 2 : n <= 27 ? 3 : n <= 37 ? 4 : 5);
      }),
    );
  });

  it('groups put every number in exactly one group, in every lunar year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), (year) => {
        for (const groups of [
          byZodiacTrait(['heaven', 'earth'] as const, heavenOrEarth, year),
          byZodiacTrait(['yin', 'yang'] as const, yinYang, year),
          byZodiacTrait(['qin', 'qi', 'shu', 'hua'] as const, artOf, year),
          groupBalls([1, 2, 3, 4, 5, 6, 7], segmentOf),
          groupBalls([1, 2, 3, 4, 5], gateOf),
        ]) {
          const all = groups.flatMap((g) => g.balls).sort();
          expect(all).toEqual([...ALL_BALLS]);
        }
        // A zodiac trait follows the year's animals: 01 carries the year's animal.
        const heaven = byZodiacTrait(['heaven', 'earth'] as const, heavenOrEarth, year);
        expect(heaven[0]!.balls.includes('01')).toBe(heavenOrEarth(zodiacOf(1, year)) === 'heaven');
      }),
      { numRuns: 60 },
    );
  });
});
