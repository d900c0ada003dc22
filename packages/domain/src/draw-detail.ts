import { ballInfo } from './ball.ts';
import type { Ball, Colour, Parity, Size } from './numbers.ts';
import type { Element } from './five-elements.ts';
import { SUM_PARITY_ZH, SUM_SIZE_ZH, sumAttributes } from './sum.ts';
import type { Zodiac } from './zodiac.ts';

/** One drawn number with what webmasters republish about it (public draw API). */
export interface BallDetail {
  number: Ball;
  colour: Colour;
  colourZh: string;
  zodiac: Zodiac;
  zodiacZh: string;
  element: Element;
  elementZh: string;
  size: Size;
  sizeZh: string;
  parity: Parity;
  parityZh: string;
}

export interface SumDetail {
  sum: number;
  size: 'big' | 'small';
  sizeZh: string;
  parity: Parity;
  parityZh: string;
}

/** Attributes of each number in the lunar year of the draw (zodiac and element depend on it). */
export function ballDetails(numbers: readonly string[], lunarYear: number): BallDetail[] {
  return numbers.map((n) => {
    const b = ballInfo(n, lunarYear);
    return {
      number: b.number,
      colour: b.colour,
      colourZh: b.colourZh,
      zodiac: b.zodiac,
      zodiacZh: b.zodiacZh,
      element: b.element,
      elementZh: b.elementZh,
      size: b.size,
      sizeZh: b.sizeZh,
      parity: b.parity,
      parityZh: b.parityZh,
    };
  });
}

/** 总和 of a complete draw; null until all seven numbers are out. */
export function sumDetail(numbers: readonly string[]): SumDetail | null {
  if (numbers.length < 7) return null;
  const s = sumAttributes(numbers);
  return {
    sum: s.sum,
    size: s.size,
    sizeZh: SUM_SIZE_ZH[s.size],
    parity: s.parity,
    parityZh: SUM_PARITY_ZH[s.parity],
  };
}
