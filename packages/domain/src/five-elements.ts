import { ALL_BALLS, ballValue, type Ball } from './numbers.ts';

export const ELEMENTS = ['metal', 'wood', 'water', 'fire', 'earth'] as const;
export type Element = (typeof ELEMENTS)[number];

export const ELEMENT_ZH: Readonly<Record<Element, string>> = {
  metal: '金',
  wood: '木',
  water: '水',
  fire: '火',
  earth: '土',
};

export type ElementWire = 'Metal' | 'Wood' | 'Water' | 'Fire' | 'Earth';
export const ELEMENT_WIRE: Readonly<Record<Element, ElementWire>> = {
  metal: 'Metal',
  wood: 'Wood',
  water: 'Water',
  fire: 'Fire',
  earth: 'Earth',
};

// 纳音 of the sixty 干支 years, one entry per pair of years starting at 甲子 (e.g. 1984):
// 海中金 炉中火 大林木 路旁土 剑锋金 山头火 涧下水 城头土 白蜡金 杨柳木 泉中水 屋上土 霹雳火 松柏木 长流水
// 沙中金 山下火 平地木 壁上土 金箔金 覆灯火 天河水 大驿土 钗钏金 桑柘木 大溪水 沙中土 天上火 石榴木 大海水
// prettier-ignore
const NAYIN: readonly Element[] = [
  'metal', 'fire', 'wood', 'earth', 'metal', 'fire', 'water', 'earth', 'metal', 'wood',
  'water', 'earth', 'fire', 'wood', 'water', 'metal', 'fire', 'wood', 'earth', 'metal',
  'fire', 'water', 'earth', 'metal', 'wood', 'water', 'earth', 'fire', 'wood', 'water',
];

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** The 纳音 element of a 干支 year; 1984 is 甲子. */
export function nayinElementOfYear(year: number): Element {
  return NAYIN[Math.floor(mod(year - 1984, 60) / 2)] as Element;
}

/** A number takes the 纳音 element of the year it stands for: 01 is this year, 02 last year, … */
export function elementOf(n: number | string, lunarYear: number): Element {
  return nayinElementOfYear(lunarYear - (ballValue(n) - 1));
}

export function fiveElementsOf(lunarYear: number): Record<Element, Ball[]> {
  const table = { metal: [], wood: [], water: [], fire: [], earth: [] } as Record<Element, Ball[]>;
  for (const ball of ALL_BALLS) table[elementOf(ball, lunarYear)].push(ball);
  return table;
}

/** One year of the static five-elements file (docs/architecture.md §5). */
export interface FiveElementsRecord {
  year: number;
  data: { element: ElementWire; values: number[] }[];
}

export function fiveElementsRecord(year: number): FiveElementsRecord {
  const table = fiveElementsOf(year);
  return {
    year,
    data: ELEMENTS.map((e) => ({ element: ELEMENT_WIRE[e], values: table[e].map(Number) })),
  };
}

export function fiveElementsFile(years: readonly number[]): FiveElementsRecord[] {
  return years.map(fiveElementsRecord);
}
