import {
  hasPrizeRecord,
  simulatePrizes,
  simulatedSnowball,
  type PrizeInput,
  type PrizeRecord,
  type RandomUnit,
  type SimulatedPrizes,
} from '@kaijiang/domain';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Repositories } from '../../repositories/index.ts';
import type { RandomInt } from './fair.ts';

const SPAN = 2 ** 32;
/** A number in [0, 1) from the draw's integer source (crypto live, seeded for demo history). */
export const unitOf =
  (random: RandomInt): RandomUnit =>
  () =>
    random(SPAN) / SPAN;

/** A simulated record for a draw, carrying over the jackpot of the record before it. */
export function simulatedRecord(previousJackpot: number, random: RandomInt): SimulatedPrizes {
  const unit = unitOf(random);
  return simulatePrizes({ previousJackpot, snowball: simulatedSnowball(unit), random: unit });
}

/**
 * The simulator's prize records for finished draws of a prize game, oldest first: each takes
 * the jackpot of the one before. Draws that have one already keep it (an operator's wins).
 */
export async function recordSimulatedPrizes(
  repos: Repositories,
  gameId: number,
  draws: readonly { issue: string; drawAt: string }[],
  random: RandomInt,
  now: string,
): Promise<number> {
  if (!hasPrizeRecord(gameId) || draws.length === 0) return 0;
  const sorted = [...draws].sort((a, b) => a.drawAt.localeCompare(b.drawAt));
  const have = await repos.prizes.forIssues(
    gameId,
    sorted.map((d) => d.issue),
  );
  let jackpot = (await repos.prizes.before(gameId, sorted[0]!.drawAt))?.jackpot ?? 0;
  const rows: { issue: string; drawAt: string; record: PrizeInput }[] = [];
  // A real record may not say what it carried over (the oldest ones): the next starts from 0.
  for (const d of sorted) {
    const kept = have.get(d.issue);
    if (kept) {
      jackpot = kept.jackpot ?? 0;
      continue;
    }
    const record = simulatedRecord(jackpot, random);
    jackpot = record.jackpot;
    rows.push({ ...d, record });
  }
  await repos.prizes.putMany(gameId, rows, now);
  return rows.length;
}

/** Units are counted to a tenth (part-unit bets): 1.5 is, 1.25 is not. */
const isTenths = (units: number) => Math.abs(units * 10 - Math.round(units * 10)) < 1e-6;

/**
 * What a schema cannot say about a record: divisions from 1 in order, units to a tenth, and a
 * dividend exactly when someone won or when the units were not published (by field, in Chinese;
 * empty when the record holds together).
 */
export function prizeProblems(input: PrizeInput): Record<string, string> {
  const fields: Record<string, string> = {};
  input.divisions.forEach((d, i) => {
    if (d.division !== i + 1) fields[`divisions.${i}.division`] = `应为 ${i + 1}`;
    else if (d.winners !== null && !isTenths(d.winners))
      fields[`divisions.${i}.winners`] = '注数最多保留一位小数';
    else if (d.winners === null ? d.dividend === null : (d.winners === 0) !== (d.dividend === null))
      fields[`divisions.${i}.dividend`] = d.winners === 0 ? '无人中奖时应为 null' : '不能为空';
  });
  return fields;
}

/**
 * An operator's prize record for a finished draw of a prize game. Refused (400) for a game
 * without prize records, a draw not finished yet, or a record whose divisions do not hold
 * together (not 1–7 in order, a dividend without winners or winners without a dividend).
 */
export async function enterPrizes(
  deps: { repos: Repositories; service: { prizesChanged(gameId: number): void } },
  gameId: number,
  issue: string,
  input: PrizeInput,
  now: string,
): Promise<PrizeRecord> {
  if (!hasPrizeRecord(gameId)) {
    throw new AppError(400, 'REQ/INVALID', '该游戏没有派彩记录', { gameId: '仅限香港六合彩' });
  }
  const draw = await deps.repos.draws.get(gameId, issue);
  if (!draw) throw notFound('期号不存在');
  if (draw.status !== 'done') {
    throw new AppError(400, 'REQ/INVALID', '该期尚未开奖完成', { issue: '开奖完成后再录入' });
  }
  const fields = prizeProblems(input);
  if (Object.keys(fields).length > 0)
    throw new AppError(400, 'REQ/INVALID', '派彩记录有误', fields);
  const record = await deps.repos.prizes.put(gameId, draw, input, now);
  deps.service.prizesChanged(gameId);
  return record;
}
