import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_BALLS,
  COLOUR_INFO,
  ballValue,
  colourBalls,
  colourOf,
  isBall,
  parityOf,
  sizeOf,
  toBall,
  type Colour,
} from './numbers.ts';

// The lists exactly as the product spec gives them.
const SPEC: Record<Colour, string> = {
  red: '01,02,07,08,12,13,18,19,23,24,29,30,34,35,40,45,46',
  blue: '03,04,09,10,14,15,20,25,26,31,36,37,41,42,47,48',
  green: '05,06,11,16,17,21,22,27,28,32,33,38,39,43,44,49',
};

describe('numbers', () => {
  it('lists 01..49 as two-digit strings', () => {
    expect(ALL_BALLS).toHaveLength(49);
    expect(ALL_BALLS[0]).toBe('01');
    expect(ALL_BALLS[48]).toBe('49');
  });

  it.each(Object.entries(SPEC))('gives every %s number its colour wave', (colour, list) => {
    expect(colourBalls(colour as Colour).join(',')).toBe(list);
    for (const b of list.split(',')) expect(colourOf(b)).toBe(colour);
  });

  it('uses the spec hex values and Chinese names', () => {
    expect(COLOUR_INFO.red).toMatchObject({ hex: '#df0000', zh: '红波' });
    expect(COLOUR_INFO.blue).toMatchObject({ hex: '#0000f4', zh: '蓝波' });
    expect(COLOUR_INFO.green).toMatchObject({ hex: '#43962a', zh: '绿波' });
  });

  it('gives each number exactly one colour (all 49 covered)', () => {
    const all = (['red', 'blue', 'green'] as const).flatMap((c) => SPEC[c].split(','));
    expect(new Set(all).size).toBe(49);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 49 }), (n) => {
        const hits = (['red', 'blue', 'green'] as const).filter((c) =>
          SPEC[c].split(',').includes(toBall(n)),
        );
        return hits.length === 1 && hits[0] === colourOf(n);
      }),
    );
  });

  it('accepts 7, "7" and "07" alike and refuses anything else', () => {
    expect(toBall(7)).toBe('07');
    expect(toBall('7')).toBe('07');
    expect(toBall(' 07 ')).toBe('07');
    for (const bad of [0, 50, -1, 1.5, NaN, '', 'x', '100', '4a']) {
      expect(() => ballValue(bad as number | string)).toThrow(RangeError);
    }
    expect(isBall('07')).toBe(true);
    expect(isBall('7')).toBe(false);
    expect(isBall('50')).toBe(false);
    expect(isBall('00')).toBe(false);
  });

  it('splits small 01–24 from big 25–49, with 49 a tie only on request', () => {
    expect(sizeOf(24)).toBe('small');
    expect(sizeOf(25)).toBe('big');
    expect(sizeOf(49)).toBe('big');
    expect(sizeOf(49, { tie49: true })).toBe('tie');
    expect(sizeOf(48, { tie49: true })).toBe('big');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 49 }),
        (n) => sizeOf(n) === (n <= 24 ? 'small' : 'big'),
      ),
    );
  });

  it('tells odd from even', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 49 }), (n) => parityOf(n) === (n % 2 ? 'odd' : 'even')),
    );
  });
});
