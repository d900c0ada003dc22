import { ALL_BALLS } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import {
  completeDraw,
  cryptoRandom,
  nextBall,
  seededRandom,
} from '../../src/services/draws/fair.ts';

const N = 20_000;

/** Pearson's statistic of observed counts against a uniform expectation. */
function chiSquare(counts: Map<string, number>, total: number): number {
  const expected = total / ALL_BALLS.length;
  return ALL_BALLS.reduce((acc, b) => acc + ((counts.get(b) ?? 0) - expected) ** 2 / expected, 0);
}
// 48 degrees of freedom: P(χ² > 110) ≈ 1e-6 for a fair draw, so a real bias fails and a fair
// generator practically never does.
const CHI2_LIMIT = 110;

function tally(draws: string[][], pick: (d: string[]) => string[]) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const d of draws) {
    for (const b of pick(d)) {
      counts.set(b, (counts.get(b) ?? 0) + 1);
      total++;
    }
  }
  return { counts, total };
}

function expectFair(draws: string[][]) {
  const valid = new Set(ALL_BALLS);
  const bad = draws.filter(
    (d) => d.length !== 7 || new Set(d).size !== 7 || !d.every((b) => valid.has(b)),
  );
  expect(bad).toEqual([]);
  const all = tally(draws, (d) => d);
  expect(chiSquare(all.counts, all.total)).toBeLessThan(CHI2_LIMIT);
  // Every number stays within 6 standard deviations of its expected count.
  const p = 1 / 49;
  const sd = Math.sqrt(all.total * p * (1 - p));
  for (const b of ALL_BALLS) {
    expect(Math.abs((all.counts.get(b) ?? 0) - all.total * p)).toBeLessThan(6 * sd);
  }
  // The special number alone is uniform too (a bias could hide in one position).
  const special = tally(draws, (d) => d.slice(6));
  expect(chiSquare(special.counts, special.total)).toBeLessThan(CHI2_LIMIT);
}

describe('fair draws', () => {
  it(`live draws (crypto) are distinct and uniform over ${N} draws`, () => {
    expectFair(Array.from({ length: N }, () => completeDraw([], cryptoRandom)));
  });

  it('demo history (seeded) is distinct, uniform and reproducible', () => {
    const draws = Array.from({ length: N }, (_, i) => completeDraw([], seededRandom(`120:${i}`)));
    expectFair(draws);
    expect(completeDraw([], seededRandom('110:2026001'))).toEqual(
      completeDraw([], seededRandom('110:2026001')),
    );
    expect(completeDraw([], seededRandom('110:2026001'))).not.toEqual(
      completeDraw([], seededRandom('110:2026002')),
    );
  });

  it('continues a draw without repeating what is out', () => {
    const taken = ['01', '02', '03'];
    const rest = completeDraw(taken);
    expect(rest.slice(0, 3)).toEqual(taken);
    expect(new Set(rest).size).toBe(7);
    // The last number left is the only choice.
    expect(nextBall(ALL_BALLS.filter((b) => b !== '49'))).toBe('49');
  });
});
