import { ballValue, type Parity } from './numbers.ts';

/** 总大 starts at 175: the sum of seven distinct numbers from 1..49 spans 28..322, midpoint 175. */
export const SUM_BIG_FROM = 175;

export interface SumAttributes {
  sum: number;
  size: 'big' | 'small';
  parity: Parity;
}

export function sumAttributes(balls: readonly (number | string)[]): SumAttributes {
  const sum = balls.reduce<number>((acc, b) => acc + ballValue(b), 0);
  return {
    sum,
    size: sum >= SUM_BIG_FROM ? 'big' : 'small',
    parity: sum % 2 === 1 ? 'odd' : 'even',
  };
}

export const SUM_SIZE_ZH: Readonly<Record<SumAttributes['size'], string>> = {
  big: '总大',
  small: '总小',
};
export const SUM_PARITY_ZH: Readonly<Record<Parity, string>> = { odd: '总单', even: '总双' };
