import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FIXED_DIVIDENDS,
  PRIZE_FUND_SHARE,
  TURNOVER_RANGE,
  UNIT_STAKE,
  hasPrizeRecord,
  simulatePrizes,
  simulatedSnowball,
  type RandomUnit,
} from './prizes.ts';
import { Value } from 'typebox/value';
import { PrizeInputSchema } from './wire/prizes.ts';

/** A reproducible stream in [0, 1) from a seed (mulberry32). */
function streamOf(seed: number): RandomUnit {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const inputs = fc.record({
  seed: fc.integer(),
  previousJackpot: fc.integer({ min: 0, max: 200_000_000 }),
  snowball: fc.option(
    fc.record({ name: fc.constant('金多宝'), amount: fc.integer({ min: 0, max: 50_000_000 }) }),
  ),
});

describe('simulated prize records', () => {
  it('are valid records: seven divisions in order, fixed dividends for 4 to 7', () => {
    fc.assert(
      fc.property(inputs, ({ seed, previousJackpot, snowball }) => {
        const r = simulatePrizes({ previousJackpot, snowball, random: streamOf(seed) });
        expect(Value.Check(PrizeInputSchema, r)).toBe(true);
        expect(r.divisions.map((d) => d.division)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        for (const d of [4, 5, 6, 7] as const)
          expect(r.divisions[d - 1]!.dividend).toBe(FIXED_DIVIDENDS[d]);
        expect(r.turnover).toBeGreaterThanOrEqual(TURNOVER_RANGE.min);
        expect(r.turnover).toBeLessThanOrEqual(TURNOVER_RANGE.max);
        expect(r.turnover % UNIT_STAKE).toBe(0);
        expect(r.snowball).toBe(snowball?.name ?? null);
      }),
      { numRuns: 500 },
    );
  });

  it('carry the first division over exactly when nobody won it, and pay no more than they take', () => {
    fc.assert(
      fc.property(inputs, ({ seed, previousJackpot, snowball }) => {
        const r = simulatePrizes({ previousJackpot, snowball, random: streamOf(seed) });
        const top = r.divisions.slice(0, 3);
        for (const d of top) expect(d.dividend === null).toBe(d.winners === 0);
        const first = r.divisions[0]!;
        if (first.winners === 0)
          expect(r.jackpot).toBeGreaterThanOrEqual(previousJackpot + (snowball?.amount ?? 0));
        if (top.every((d) => d.winners > 0)) expect(r.jackpot).toBe(0);
        const fixed = r.divisions.slice(3).reduce((s, d) => s + d.winners * d.dividend!, 0);
        const fund = Math.floor(r.turnover * PRIZE_FUND_SHARE);
        const shared = top.reduce((s, d) => s + d.winners * (d.dividend ?? 0), 0);
        // What divisions 1–3 pay and carry is what the fixed prizes left, plus what came in.
        const income = Math.max(0, fund - fixed) + previousJackpot + (snowball?.amount ?? 0);
        expect(shared + r.jackpot).toBeLessThanOrEqual(income + 1e-6);
        // Dividends are whole dollars rounded down: less than a dollar per unit won, at most.
        const units = top.reduce((s, d) => s + d.winners, 0);
        expect(shared + r.jackpot).toBeGreaterThan(income - units - 1);
      }),
      { numRuns: 500 },
    );
  });

  it('have winners in line with the odds over many draws', () => {
    const random = streamOf(7);
    let first = 0;
    let seventh = 0;
    let units = 0;
    for (let i = 0; i < 2_000; i++) {
      const r = simulatePrizes({ previousJackpot: 0, random });
      units += r.turnover / UNIT_STAKE;
      first += Math.floor(r.divisions[0]!.winners);
      seventh += r.divisions[6]!.winners;
    }
    // 1 in 13,983,816 and 229,600 in 13,983,816 per unit.
    expect(seventh / units).toBeCloseTo(229_600 / 13_983_816, 3);
    const expectedFirst = units / 13_983_816;
    expect(Math.abs(first - expectedFirst)).toBeLessThan(5 * Math.sqrt(expectedFirst));
  });

  it('make about one draw in twelve a snowball draw', () => {
    const random = streamOf(11);
    let n = 0;
    for (let i = 0; i < 12_000; i++) if (simulatedSnowball(random)) n += 1;
    expect(n).toBeGreaterThan(800);
    expect(n).toBeLessThan(1_200);
  });

  it('belong to the Hong Kong game only', () => {
    expect(hasPrizeRecord(111)).toBe(true);
    expect(hasPrizeRecord(110)).toBe(false);
  });
});
