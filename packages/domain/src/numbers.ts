/** A lottery number as shown to people: a two-digit string from "01" to "49". */
export type Ball = string;

export const MIN_BALL = 1;
export const MAX_BALL = 49;

export const ALL_BALLS: readonly Ball[] = Array.from({ length: MAX_BALL }, (_, i) =>
  String(i + 1).padStart(2, '0'),
);

/** Accepts 7, "7" or "07"; anything outside 1..49 is a programming or data error. */
export function ballValue(n: number | string): number {
  const value = typeof n === 'number' ? n : /^\d{1,2}$/.test(n.trim()) ? Number(n.trim()) : NaN;
  if (!Number.isInteger(value) || value < MIN_BALL || value > MAX_BALL) {
    throw new RangeError(`not a lottery number (01-49): ${String(n)}`);
  }
  return value;
}

export function toBall(n: number | string): Ball {
  return String(ballValue(n)).padStart(2, '0');
}

export function isBall(x: unknown): x is Ball {
  return typeof x === 'string' && /^(0[1-9]|[1-3]\d|4[0-9])$/.test(x);
}

export type Colour = 'red' | 'blue' | 'green';

export const COLOUR_INFO: Readonly<Record<Colour, { zh: string; zhHant: string; hex: string }>> = {
  red: { zh: '红波', zhHant: '紅波', hex: '#df0000' },
  blue: { zh: '蓝波', zhHant: '藍波', hex: '#0000f4' },
  green: { zh: '绿波', zhHant: '綠波', hex: '#43962a' },
};

const RED = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
const BLUE = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
// The colour wave is a fixed table, not arithmetic; index 0 is unused so lookups stay by value.
const COLOUR_TABLE: readonly Colour[] = Array.from({ length: MAX_BALL + 1 }, (_, n) =>
  RED.includes(n) ? 'red' : BLUE.includes(n) ? 'blue' : 'green',
);

export function colourOf(n: number | string): Colour {
  return COLOUR_TABLE[ballValue(n)] as Colour;
}

export function colourBalls(colour: Colour): Ball[] {
  return ALL_BALLS.filter((b) => colourOf(b) === colour);
}

export type Size = 'big' | 'small' | 'tie';
export const SIZE_ZH: Readonly<Record<Size, string>> = { big: '大', small: '小', tie: '和' };

/** 01–24 small, 25–49 big; some statistics report 49 as a tie, which callers opt into. */
export function sizeOf(n: number | string, opts: { tie49?: boolean } = {}): Size {
  const v = ballValue(n);
  if (opts.tie49 && v === MAX_BALL) return 'tie';
  return v >= 25 ? 'big' : 'small';
}

export type Parity = 'odd' | 'even';
export const PARITY_ZH: Readonly<Record<Parity, string>> = { odd: '单', even: '双' };
export const PARITY_ZH_HANT: Readonly<Record<Parity, string>> = { odd: '單', even: '雙' };

export function parityOf(n: number | string): Parity {
  return ballValue(n) % 2 === 1 ? 'odd' : 'even';
}
