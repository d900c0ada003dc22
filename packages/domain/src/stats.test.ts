import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_BALLS } from './numbers.ts';
import { distribution, frequency, hotCold, missing, type DrawNumbers } from './stats.ts';

const d = (nums: number[], drawAt = '2026-06-01T13:32:00Z'): DrawNumbers => ({
  numbers: nums.map((n) => String(n).padStart(2, '0')),
  drawAt,
});

const drawArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 49 }), { minLength: 7, maxLength: 7 })
  .map((nums) => d(nums));

describe('statistics', () => {
  // newest first
  const history = [
    d([1, 2, 3, 4, 5, 6, 7]),
    d([1, 8, 9, 10, 11, 12, 13]),
    d([14, 15, 16, 17, 18, 19, 1]),
  ];

  it('counts frequency by scope', () => {
    expect(frequency(history)['01']).toBe(3);
    expect(frequency(history, 'regular')['01']).toBe(2);
    expect(frequency(history, 'special')['01']).toBe(1);
    expect(frequency(history, 'special')['07']).toBe(1);
    expect(frequency(history)['49']).toBe(0);
  });

  it('counts 遗漏 since the last appearance', () => {
    const m = missing(history);
    expect(m['01']).toBe(0);
    expect(m['08']).toBe(1);
    expect(m['14']).toBe(2);
    expect(m['49']).toBe(3);
  });

  it('ranks hot and cold numbers in a window', () => {
    const hc = hotCold(history, 2, 3);
    expect(hc.window).toBe(2);
    expect(hc.hot[0]).toEqual({ number: '01', count: 2 });
    expect(hc.cold.every((x) => x.count === 0)).toBe(true);
    expect(hc.cold.map((x) => x.number)).toEqual(['14', '15', '16']);
  });

  it('spreads over attributes using each draw date', () => {
    const colours = distribution([d([1, 2, 3, 5, 7, 9, 11])], 'colour');
    expect(colours).toEqual({ red: 3, blue: 2, green: 2 });
    // 01 is a snake before 2026-02-17 and a horse after it.
    expect(
      distribution([d([1, 14, 15, 16, 17, 18, 20], '2026-02-16T13:32:00Z')], 'zodiac', 'regular')
        .snake,
    ).toBe(1);
    expect(
      distribution([d([1, 14, 15, 16, 17, 18, 20], '2026-02-17T13:32:00Z')], 'zodiac', 'regular')
        .horse,
    ).toBe(1);
  });

  it('accounts for every drawn ball, whatever the history', () => {
    fc.assert(
      fc.property(fc.array(drawArb, { maxLength: 30 }), (draws) => {
        const total = Object.values(frequency(draws)).reduce((a, b) => a + b, 0);
        const m = missing(draws);
        const attrs = (['colour', 'zodiac', 'element', 'size', 'parity'] as const).every(
          (a) =>
            Object.values(distribution(draws, a)).reduce((x, y) => x + y, 0) === draws.length * 7,
        );
        return (
          total === draws.length * 7 &&
          attrs &&
          ALL_BALLS.every(
            (b) =>
              m[b]! <= draws.length &&
              (m[b] === draws.length) === !draws.some((x) => x.numbers.includes(b)),
          )
        );
      }),
    );
  });
});
