// The Hong Kong prize record: which games have one, and a plausible one for the simulator.
// The rules follow the published Mark Six ones in outline (a $10 unit; a prize fund out of the
// turnover; fixed prizes for divisions 4–7; the rest shared by divisions 1–3; an unwon first
// division carried to the next draw); the shares and the snowball amounts are ours (README).
import type { PrizeDivision, PrizeInput } from './wire/prizes.ts';

/** Games whose draws carry a prize record: the Hong Kong game. */
export const PRIZE_GAME_IDS: readonly number[] = [111];
export const hasPrizeRecord = (gameId: number): boolean => PRIZE_GAME_IDS.includes(gameId);

/** HKD per unit. */
export const UNIT_STAKE = 10;
/** Share of the turnover that is paid out as prizes. */
export const PRIZE_FUND_SHARE = 0.54;
/** Fixed dividends per unit of divisions 4 to 7, HKD. */
export const FIXED_DIVIDENDS: Readonly<Record<4 | 5 | 6 | 7, number>> = {
  4: 9_600,
  5: 640,
  6: 320,
  7: 40,
};
/** Shares of what the fixed prizes leave of the fund, divisions 1 to 3. */
export const POOL_SHARES: Readonly<Record<1 | 2 | 3, number>> = { 1: 0.45, 2: 0.15, 3: 0.4 };
/** Turnover of a simulated draw, HKD. */
export const TURNOVER_RANGE = { min: 50_000_000, max: 150_000_000 } as const;

const COMBINATIONS = 13_983_816; // 49 choose 6
/**
 * Winning combinations per division for one unit (6 numbers): 6; 5 + the special; 5; 4 + the
 * special; 4; 3 + the special; 3.
 */
export const DIVISION_COMBINATIONS = [1, 6, 252, 630, 13_545, 17_220, 229_600] as const;

/** A number in [0, 1). */
export type RandomUnit = () => number;

/** Poisson with mean `mean`: Knuth's product for small means, a normal approximation above. */
function poisson(mean: number, random: RandomUnit): number {
  if (mean <= 0) return 0;
  if (mean < 30) {
    const limit = Math.exp(-mean);
    let k = 0;
    let p = random();
    while (p > limit) {
      k += 1;
      p *= random();
    }
    return k;
  }
  const u = Math.max(random(), Number.EPSILON);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.max(0, Math.round(mean + Math.sqrt(mean) * z));
}

export interface SimulatePrizes {
  /** First-division fund the previous draw carried over, HKD. */
  previousJackpot: number;
  /** Set on a snowball draw: its name and the amount added to the first division. */
  snowball?: { name: string; amount: number } | null;
  random: RandomUnit;
}

/**
 * A plausible prize record: units played follow the turnover, winners per division are drawn
 * with the division's odds, dividends of divisions 1–3 share their pools (whole dollars, rounded
 * down), and a pool nobody won (with what division 1 brought in) is the next draw's jackpot.
 */
/** A simulated record: every field is known, unlike an old real one. */
export type SimulatedPrizes = Omit<PrizeInput, 'divisions' | 'turnover' | 'jackpot'> & {
  divisions: (PrizeDivision & { winners: number })[];
  turnover: number;
  jackpot: number;
};

export function simulatePrizes({
  previousJackpot,
  snowball,
  random,
}: SimulatePrizes): SimulatedPrizes {
  const span = TURNOVER_RANGE.max - TURNOVER_RANGE.min;
  const turnover = Math.floor((TURNOVER_RANGE.min + random() * span) / UNIT_STAKE) * UNIT_STAKE;
  const units = turnover / UNIT_STAKE;
  const winners = DIVISION_COMBINATIONS.map((c) => poisson((units * c) / COMBINATIONS, random));
  // Part units: Hong Kong shows halves in the top divisions now and then.
  for (const i of [0, 1, 2]) if (winners[i]! >= 1 && random() < 0.2) winners[i]! += 0.5;

  const fund = Math.floor(turnover * PRIZE_FUND_SHARE);
  const fixedPaid = ([4, 5, 6, 7] as const).reduce(
    (sum, d) => sum + winners[d - 1]! * FIXED_DIVIDENDS[d],
    0,
  );
  const rest = Math.max(0, fund - fixedPaid);
  const pools = {
    1: rest * POOL_SHARES[1] + Math.max(0, previousJackpot) + (snowball?.amount ?? 0),
    2: rest * POOL_SHARES[2],
    3: rest * POOL_SHARES[3],
  };
  let carried = 0;
  const divisions = winners.map((w, i): PrizeDivision & { winners: number } => {
    const division = i + 1;
    if (division >= 4) {
      return { division, winners: w, dividend: FIXED_DIVIDENDS[division as 4 | 5 | 6 | 7] };
    }
    const pool = pools[division as 1 | 2 | 3];
    if (w === 0) {
      carried += pool;
      return { division, winners: 0, dividend: null };
    }
    return { division, winners: w, dividend: Math.floor(pool / w) };
  });
  return {
    divisions,
    turnover,
    jackpot: Math.floor(carried),
    snowball: snowball?.name ?? null,
    unitStake: UNIT_STAKE,
  };
}

/** Snowball draws of the simulator: about one in twelve, with HKD 10–40 million added. */
export function simulatedSnowball(random: RandomUnit): { name: string; amount: number } | null {
  if (random() >= 1 / 12) return null;
  return { name: '金多宝', amount: (10 + Math.floor(random() * 31)) * 1_000_000 };
}
