import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ELEMENTS,
  ELEMENT_ZH,
  elementOf,
  fiveElementsFile,
  fiveElementsOf,
  fiveElementsRecord,
  nayinElementOfYear,
} from './five-elements.ts';

describe('five elements', () => {
  it('keeps the order 金 木 水 火 土', () => {
    expect(ELEMENTS.map((e) => ELEMENT_ZH[e]).join(' ')).toBe('金 木 水 火 土');
  });

  it('follows the 纳音 of the sixty-year cycle', () => {
    expect(nayinElementOfYear(1984)).toBe('metal'); // 甲子 海中金
    expect(nayinElementOfYear(1986)).toBe('fire'); // 丙寅 炉中火
    expect(nayinElementOfYear(2023)).toBe('metal'); // 癸卯 金箔金
    expect(nayinElementOfYear(2024)).toBe('fire'); // 甲辰 覆灯火
    expect(nayinElementOfYear(2026)).toBe('water'); // 丙午 天河水
    expect(nayinElementOfYear(2044)).toBe('metal'); // 甲子 again
  });

  it('gives 2026 exactly the table of docs/architecture.md §3', () => {
    const t = fiveElementsOf(2026);
    expect(t.metal.join(' ')).toBe('04 05 12 13 26 27 34 35 42 43');
    expect(t.wood.join(' ')).toBe('08 09 16 17 24 25 38 39 46 47');
    expect(t.water.join(' ')).toBe('01 14 15 22 23 30 31 44 45');
    expect(t.fire.join(' ')).toBe('02 03 10 11 18 19 32 33 40 41 48 49');
    expect(t.earth.join(' ')).toBe('06 07 20 21 28 29 36 37');
  });

  it('shifts the 2026 table one number on for 2025 and two for 2024', () => {
    // Each number stands for a year, so a year later every element moves one number up.
    for (const back of [1, 2]) {
      for (let n = 1; n + back <= 49; n++) {
        expect(elementOf(n, 2026 - back)).toBe(elementOf(n + back, 2026));
      }
    }
    expect(fiveElementsOf(2025).metal.join(' ')).toBe('03 04 11 12 25 26 33 34 41 42');
    expect(fiveElementsOf(2024).water.join(' ')).toBe('12 13 20 21 28 29 42 43');
  });

  it('partitions 1..49 into the five lists for any year', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1800, max: 2300 }), (year) => {
        const t = fiveElementsOf(year);
        const all = ELEMENTS.flatMap((e) => t[e]);
        return (
          all.length === 49 &&
          new Set(all).size === 49 &&
          ELEMENTS.every((e) => t[e].every((b) => elementOf(b, year) === e))
        );
      }),
    );
  });

  it('writes the static file records in the wire shape', () => {
    const r = fiveElementsRecord(2026);
    expect(r.year).toBe(2026);
    expect(r.data.map((d) => d.element)).toEqual(['Metal', 'Wood', 'Water', 'Fire', 'Earth']);
    expect(r.data[2]?.values).toEqual([1, 14, 15, 22, 23, 30, 31, 44, 45]);
    expect(fiveElementsFile([2025, 2026]).map((x) => x.year)).toEqual([2025, 2026]);
  });
});
