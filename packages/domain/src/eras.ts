// A game's eras: from which draw its numbers go up to 45, 47 or 49 and what a unit costs. Data
// stored with the game (games.eras), not code; Hong Kong's own history is given below as the
// default for its game. A number above a draw's range could not be drawn there, so statistics,
// trend charts and search leave it out of that draw (no omission, no hit, no appearance).

import type { GameEra } from './wire/http.ts';

export type { GameEra };

export const BALL_MAX = 49;

/**
 * The Mark Six of Hong Kong: numbers to 45 until 1995, to 47 from 1996 to 2002/052, to 49 from
 * 2002/053; a unit HK$4 until 1995/041, HK$5 until 2010/129, HK$10 since 2010/130.
 */
export const HONG_KONG_ERAS: readonly GameEra[] = [
  { fromIssue: '1993001', maxNumber: 45, unitStake: 4 },
  { fromIssue: '1995042', maxNumber: 45, unitStake: 5 },
  { fromIssue: '1996001', maxNumber: 47, unitStake: 5 },
  { fromIssue: '2002053', maxNumber: 49, unitStake: 5 },
  { fromIssue: '2010130', maxNumber: 49, unitStake: 10 },
];

/** Issues are compared as numbers of their own length: a longer issue is a later one. */
export function compareIssues(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The era a draw belongs to: the last one starting at or before its issue. A draw before the
 * first era, or a game without eras, gets the widest range (49) and no stake.
 */
export function eraOf(
  eras: readonly GameEra[] | undefined,
  issue: string,
): { maxNumber: number; unitStake?: number } {
  let found: GameEra | undefined;
  for (const era of eras ?? []) {
    if (compareIssues(era.fromIssue, issue) <= 0) found = era;
    else break;
  }
  return found ?? { maxNumber: BALL_MAX };
}

export const maxNumberOf = (eras: readonly GameEra[] | undefined, issue: string): number =>
  eraOf(eras, issue).maxNumber;

/** Whether number `n` could be drawn in a draw whose range goes up to `maxNumber`. */
export const isDrawable = (n: number, maxNumber: number): boolean => n >= 1 && n <= maxNumber;

/** Eras in force order, each one starting after the one before: a list an operator may store. */
export function erasProblems(eras: readonly GameEra[]): string[] {
  const problems: string[] = [];
  eras.forEach((era, i) => {
    if (!/^\d{1,32}$/.test(era.fromIssue)) problems.push(`第 ${i + 1} 段：期号无效`);
    if (![45, 47, 49].includes(era.maxNumber))
      problems.push(`第 ${i + 1} 段：号码上限须为 45、47 或 49`);
    if (!Number.isInteger(era.unitStake) || era.unitStake < 1 || era.unitStake > 1000)
      problems.push(`第 ${i + 1} 段：每注金额无效`);
    const before = eras[i - 1];
    if (before && compareIssues(before.fromIssue, era.fromIssue) >= 0)
      problems.push(`第 ${i + 1} 段：须在上一段之后开始`);
  });
  return problems;
}
