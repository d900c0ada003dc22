import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_BALLS } from './numbers.ts';
import {
  ZODIACS,
  ZODIAC_ZH,
  isDomestic,
  zodiacBalls,
  zodiacOf,
  zodiacOfYear,
  type Zodiac,
} from './zodiac.ts';

const zh = (n: number, year: number) => ZODIAC_ZH[zodiacOf(n, year)];

describe('zodiac', () => {
  it('knows the animal of each year', () => {
    expect(zodiacOfYear(2020)).toBe('rat');
    expect(zodiacOfYear(2024)).toBe('dragon');
    expect(zodiacOfYear(2025)).toBe('snake');
    expect(zodiacOfYear(2026)).toBe('horse');
    expect(zodiacOfYear(1900)).toBe('rat');
  });

  it.each([
    [2024, '龙', '兔'],
    [2025, '蛇', '龙'],
    [2026, '马', '蛇'],
  ])('in %i, 01 is %s and 02 is %s', (year, one, two) => {
    expect(zh(1, year)).toBe(one);
    expect(zh(2, year)).toBe(two);
    for (const n of [13, 25, 37, 49]) expect(zh(n, year)).toBe(one);
  });

  it('gives 2026 the table of docs/architecture.md §3', () => {
    expect(zodiacBalls('horse', 2026)).toEqual(['01', '13', '25', '37', '49']);
    expect(zodiacBalls('snake', 2026)).toEqual(['02', '14', '26', '38']);
    expect(zodiacBalls('rat', 2026)).toEqual(['07', '19', '31', '43']);
    expect(zodiacBalls('goat', 2026)).toEqual(['12', '24', '36', '48']);
  });

  it('gives each number exactly one animal and the year animal five numbers, any year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), (year) => {
        const counts = new Map<Zodiac, number>();
        for (const b of ALL_BALLS) {
          const z = zodiacOf(b, year);
          counts.set(z, (counts.get(z) ?? 0) + 1);
        }
        const total = [...counts.values()].reduce((a, b) => a + b, 0);
        return (
          total === 49 &&
          counts.size === 12 &&
          counts.get(zodiacOfYear(year)) === 5 &&
          [...counts.entries()].every(([z, c]) => z === zodiacOfYear(year) || c === 4)
        );
      }),
    );
  });

  it('steps one animal back per number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 48 }), (y, n) => {
        const i = ZODIACS.indexOf(zodiacOf(n, y));
        return ZODIACS.indexOf(zodiacOf(n + 1, y)) === (i + 11) % 12;
      }),
    );
  });

  it('splits domestic from wild animals', () => {
    const domestic = ZODIACS.filter(isDomestic).map((z) => ZODIAC_ZH[z]);
    expect(domestic.join('')).toBe('牛马羊鸡狗猪');
    expect(
      ZODIACS.filter((z) => !isDomestic(z))
        .map((z) => ZODIAC_ZH[z])
        .join(''),
    ).toBe('鼠虎兔龙蛇猴');
  });
});
