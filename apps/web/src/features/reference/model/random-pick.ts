import { ALL_BALLS, type Ball } from '@kaijiang/domain';

type RandomSource = (buf: Uint32Array<ArrayBuffer>) => Uint32Array<ArrayBuffer>;
const cryptoSource: RandomSource = (buf) => crypto.getRandomValues(buf);

/** An unbiased integer in [0, n): draws above the last whole multiple of n are thrown away. */
export function randomBelow(n: number, source: RandomSource = cryptoSource): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    const v = source(buf)[0]!;
    if (v < limit) return v % n;
  }
}

/** `count` distinct numbers 01–49 in draw order, from the browser's CSPRNG. */
export function randomPick(count: number, source: RandomSource = cryptoSource): Ball[] {
  const pool = [...ALL_BALLS];
  const out: Ball[] = [];
  const k = Math.max(0, Math.min(count, pool.length));
  for (let i = 0; i < k; i++) {
    const j = randomBelow(pool.length, source);
    out.push(pool.splice(j, 1)[0]!);
  }
  return out;
}
