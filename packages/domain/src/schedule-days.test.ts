// Changes of a game's draw days (earlierDays): what came before keeps its numbers, what comes
// after numbers on from it, and every day draws by the pattern in force on it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateKey, drawDaysAt, drawsBetween, issueOf, type GameSchedule } from './schedule.ts';
import { zonedParts } from './zoned-time.ts';

const hongKong: GameSchedule = {
  drawTime: '21:30',
  drawDays: [2, 4, 6],
  timezone: 'Asia/Hong_Kong',
};
const daily: GameSchedule = { drawTime: '21:32', drawDays: [], timezone: 'Asia/Macau' };

const patterns = fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 0, maxLength: 6 });
const dayIn2026 = fc.integer({ min: 1, max: 364 }).map((d) => {
  const at = new Date(Date.UTC(2026, 0, 1) + d * 86_400_000);
  return at.toISOString().slice(0, 10);
});

describe('draw days changed from a date', () => {
  it('tells the pattern of each day', () => {
    const g = { ...daily, drawDays: [1, 3], earlierDays: [{ until: '2026-12-01', days: [] }] };
    expect(drawDaysAt(g, '2026-11-30')).toEqual([]);
    expect(drawDaysAt(g, '2026-12-01')).toEqual([1, 3]);
  });

  it('keeps every issue before the change and numbers on without a gap or a repeat after it', () => {
    fc.assert(
      fc.property(fc.constantFrom(hongKong, daily), patterns, dayIn2026, (base, next, until) => {
        const changed: GameSchedule = {
          ...base,
          drawDays: next,
          earlierDays: [{ until, days: base.drawDays }],
        };
        const from = new Date('2026-01-01T00:00:00Z');
        const to = new Date('2026-12-31T00:00:00Z');
        const before = drawsBetween(base, from, to);
        const after = drawsBetween(changed, from, to);
        const local = (at: Date, g: GameSchedule) => dateKey(zonedParts(at, g.timezone));
        // Before the change: the same draws and the same issues.
        const earlyBase = before.filter((at) => local(at, base) < until);
        const earlyChanged = after.filter((at) => local(at, changed) < until);
        expect(earlyChanged.map((at) => issueOf(changed, at))).toEqual(
          earlyBase.map((at) => issueOf(base, at)),
        );
        // After it: each day by the new pattern, issues counting on by one.
        for (const at of after.filter((t) => local(t, changed) >= until)) {
          const p = zonedParts(at, changed.timezone);
          expect(next.length === 0 || next.includes(p.weekday)).toBe(true);
        }
        const numbers = after.map((at) => Number(issueOf(changed, at).slice(4)));
        numbers.forEach((n, i) => expect(n).toBe(i + 1));
      }),
      { numRuns: 60 },
    );
  });

  it('follows several changes in order', () => {
    const g: GameSchedule = {
      ...hongKong,
      drawDays: [2, 4, 6],
      earlierDays: [
        { until: '2026-03-01', days: [2, 4, 6] },
        { until: '2026-06-01', days: [] },
      ],
    };
    const all = drawsBetween(g, new Date('2026-01-01T00:00:00Z'), new Date('2026-12-31T00:00:00Z'));
    const may = all.filter((at) => zonedParts(at, g.timezone).month === 5);
    expect(may).toHaveLength(31);
    const june = all.filter((at) => zonedParts(at, g.timezone).month === 6);
    expect(june.every((at) => [2, 4, 6].includes(zonedParts(at, g.timezone).weekday))).toBe(true);
    all.forEach((at, i) => expect(Number(issueOf(g, at).slice(4))).toBe(i + 1));
  });
});
