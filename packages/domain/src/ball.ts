import {
  COLOUR_INFO,
  PARITY_ZH,
  SIZE_ZH,
  colourOf,
  parityOf,
  sizeOf,
  toBall,
  type Ball,
  type Colour,
  type Parity,
  type Size,
} from './numbers.ts';
import { ELEMENT_ZH, elementOf, type Element } from './five-elements.ts';
import { ZODIAC_ZH, isDomestic, zodiacOf, type Zodiac } from './zodiac.ts';

/** Everything a results page or the public API tells about one number in one lunar year. */
export interface BallInfo {
  number: Ball;
  colour: Colour;
  colourZh: string;
  hex: string;
  zodiac: Zodiac;
  zodiacZh: string;
  element: Element;
  elementZh: string;
  size: Size;
  sizeZh: string;
  parity: Parity;
  parityZh: string;
  domestic: boolean;
}

export function ballInfo(n: number | string, lunarYear: number): BallInfo {
  const number = toBall(n);
  const colour = colourOf(number);
  const zodiac = zodiacOf(number, lunarYear);
  const element = elementOf(number, lunarYear);
  const size = sizeOf(number);
  const parity = parityOf(number);
  return {
    number,
    colour,
    colourZh: COLOUR_INFO[colour].zh,
    hex: COLOUR_INFO[colour].hex,
    zodiac,
    zodiacZh: ZODIAC_ZH[zodiac],
    element,
    elementZh: ELEMENT_ZH[element],
    size,
    sizeZh: SIZE_ZH[size],
    parity,
    parityZh: PARITY_ZH[parity],
    domestic: isDomestic(zodiac),
  };
}

/** The accessible name of a number ball (docs/architecture.md §8): "07 红波 鼠". */
export function ballLabel(n: number | string, lunarYear: number): string {
  const b = toBall(n);
  return `${b} ${COLOUR_INFO[colourOf(b)].zh} ${ZODIAC_ZH[zodiacOf(b, lunarYear)]}`;
}
