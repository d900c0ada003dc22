import { ALL_BALLS, ballValue, type Ball } from './numbers.ts';

export const ZODIACS = [
  'rat',
  'ox',
  'tiger',
  'rabbit',
  'dragon',
  'snake',
  'horse',
  'goat',
  'monkey',
  'rooster',
  'dog',
  'pig',
] as const;
export type Zodiac = (typeof ZODIACS)[number];

export const ZODIAC_ZH: Readonly<Record<Zodiac, string>> = {
  rat: '鼠',
  ox: '牛',
  tiger: '虎',
  rabbit: '兔',
  dragon: '龙',
  snake: '蛇',
  horse: '马',
  goat: '羊',
  monkey: '猴',
  rooster: '鸡',
  dog: '狗',
  pig: '猪',
};

export const ZODIAC_ZH_HANT: Readonly<Record<Zodiac, string>> = {
  ...ZODIAC_ZH,
  dragon: '龍',
  horse: '馬',
  rooster: '雞',
  pig: '豬',
};

const DOMESTIC: ReadonlySet<Zodiac> = new Set(['ox', 'horse', 'goat', 'rooster', 'dog', 'pig']);

const mod = (a: number, m: number) => ((a % m) + m) % m;

/** 1900, 1912, … 2020 were years of the rat, so the animal index is (year − 4) mod 12. */
export function zodiacIndexOfYear(lunarYear: number): number {
  return mod(lunarYear - 4, 12);
}

export function zodiacOfYear(lunarYear: number): Zodiac {
  return ZODIACS[zodiacIndexOfYear(lunarYear)] as Zodiac;
}

/**
 * 01 carries the animal of the current lunar year and each following number steps one animal
 * back, so 01, 13, 25, 37 and 49 share the year's animal.
 */
export function zodiacOf(n: number | string, lunarYear: number): Zodiac {
  return ZODIACS[mod(zodiacIndexOfYear(lunarYear) - (ballValue(n) - 1), 12)] as Zodiac;
}

export function zodiacBalls(zodiac: Zodiac, lunarYear: number): Ball[] {
  return ALL_BALLS.filter((b) => zodiacOf(b, lunarYear) === zodiac);
}

export function isDomestic(zodiac: Zodiac): boolean {
  return DOMESTIC.has(zodiac);
}
