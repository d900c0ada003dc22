// Attributes this field looks numbers up by, beyond colour, zodiac and element (docs/architecture.md §3). They
// are conventions, not mathematics; each rule below says which one we follow (docs/attributes.md).
import { ALL_BALLS, ballValue, type Ball } from './numbers.ts';
import { zodiacOf, type Zodiac } from './zodiac.ts';

/** 天肖 / 地肖: the common split 天 牛兔龙马猴猪, 地 鼠虎蛇羊鸡狗. */
const HEAVEN: ReadonlySet<Zodiac> = new Set(['ox', 'rabbit', 'dragon', 'horse', 'monkey', 'pig']);
export const heavenOrEarth = (z: Zodiac): 'heaven' | 'earth' =>
  HEAVEN.has(z) ? 'heaven' : 'earth';

/**
 * 阴 / 阳 by the earthly branch of the animal: odd branches (子寅辰午申戌: 鼠虎龙马猴狗) are 阳,
 * even ones (丑卯巳未酉亥: 牛兔蛇羊鸡猪) 阴.
 */
const YANG: ReadonlySet<Zodiac> = new Set(['rat', 'tiger', 'dragon', 'horse', 'monkey', 'dog']);
export const yinYang = (z: Zodiac): 'yin' | 'yang' => (YANG.has(z) ? 'yang' : 'yin');

/** 琴棋书画: 琴 兔蛇鸡, 棋 鼠牛狗, 书 虎龙马, 画 羊猴猪. */
export type Art = 'qin' | 'qi' | 'shu' | 'hua';
const ARTS: Readonly<Record<Zodiac, Art>> = {
  rabbit: 'qin',
  snake: 'qin',
  rooster: 'qin',
  rat: 'qi',
  ox: 'qi',
  dog: 'qi',
  tiger: 'shu',
  dragon: 'shu',
  horse: 'shu',
  goat: 'hua',
  monkey: 'hua',
  pig: 'hua',
};
export const artOf = (z: Zodiac): Art => ARTS[z];

/** 头数: the tens digit, 0–4. */
export const headOf = (n: number | string) => Math.floor(ballValue(n) / 10);
/** 尾数: the units digit, 0–9. */
export const tailOf = (n: number | string) => ballValue(n) % 10;
/** 合数: the sum of the two digits (07 → 7, 38 → 11); 合单 / 合双 by its parity. */
export const digitSumOf = (n: number | string) => headOf(n) + tailOf(n);
export const digitSumParity = (n: number | string): 'odd' | 'even' =>
  digitSumOf(n) % 2 ? 'odd' : 'even';
/** 段: seven numbers a segment, 01–07 the first … 43–49 the seventh. */
export const segmentOf = (n: number | string) => Math.ceil(ballValue(n) / 7);
/** 五门: 01–09, 10–18, 19–27, 28–37, 38–49 (the common split; the last two are wider). */
const GATE_FIRST = [1, 10, 19, 28, 38] as const;
export const gateOf = (n: number | string) => {
  const v = ballValue(n);
  let gate = 1;
  for (let i = 0; i < GATE_FIRST.length; i++) if (v >= GATE_FIRST[i]!) gate = i + 1;
  return gate;
};

/** The 49 numbers grouped by a key, groups in the order given. */
export function groupBalls<K extends string | number>(
  keys: readonly K[],
  keyOf: (b: Ball) => K,
): { key: K; balls: Ball[] }[] {
  return keys.map((key) => ({ key, balls: ALL_BALLS.filter((b) => keyOf(b) === key) }));
}

/** Zodiac-based groups of a lunar year (天地, 阴阳, 琴棋书画 move with the animals). */
export const byZodiacTrait = <K extends string>(
  keys: readonly K[],
  trait: (z: Zodiac) => K,
  lunarYear: number,
) => groupBalls(keys, (b) => trait(zodiacOf(b, lunarYear)));
