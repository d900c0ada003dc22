import { randomInt } from 'node:crypto';
import { ALL_BALLS } from '@kaijiang/domain';

/** An integer in [0, max): crypto for live draws, a seeded generator for demo history. */
export type RandomInt = (max: number) => number;

export const cryptoRandom: RandomInt = (max) => randomInt(max);

/** The next ball of a draw: uniform over the numbers not drawn yet, like a real machine. */
export function nextBall(taken: readonly string[], random: RandomInt = cryptoRandom): string {
  const pool = ALL_BALLS.filter((b) => !taken.includes(b));
  const ball = pool[random(pool.length)];
  if (ball === undefined) throw new Error('no ball left to draw');
  return ball;
}

/** Completes a draw to seven distinct numbers, keeping those already revealed. */
export function completeDraw(taken: readonly string[], random: RandomInt = cryptoRandom): string[] {
  const out = [...taken];
  while (out.length < 7) out.push(nextBall(out, random));
  return out;
}

/**
 * sfc32 seeded from a string (xmur3): reproducible demo history, one stream per draw so any
 * batch order gives the same numbers. Not for live draws.
 */
export function seededRandom(seed: string): RandomInt {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  const next32 = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    return (h ^= h >>> 16) >>> 0;
  };
  let a = next32();
  let b = next32();
  let c = next32();
  let d = next32();
  const sfc32 = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) sfc32();
  return (max) => Math.floor(sfc32() * max);
}
