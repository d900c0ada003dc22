import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarChange } from './wire/calendar.ts';
import {
  calendarMonth,
  dateKey,
  drawsBetween,
  issueOf,
  nextDrawAt,
  parseDateKey,
  previousDrawAt,
  type GameSchedule,
} from './schedule.ts';
import { scheduledDrawsBetween } from './schedule-batch.ts';
import { addDays, pad, zonedParts, zonedTimeToUtc } from './zoned-time.ts';

const hongKong: GameSchedule = {
  drawTime: '21:30',
  drawDays: [2, 4, 6],
  timezone: 'Asia/Hong_Kong',
};
const macau: GameSchedule = { drawTime: '21:32', drawDays: [], timezone: 'Asia/Macau' };
const YEAR = 2026;
const yearStart = (g: GameSchedule, y = YEAR) =>
  zonedTimeToUtc({ year: y, month: 1, day: 1 }, 0, 0, g.timezone);

/** Every day of the year, with whether the game draws on it by its regular schedule. */
function yearDays(g: GameSchedule) {
  return Array.from({ length: 365 }, (_, i) => {
    const civil = addDays({ year: YEAR, month: 1, day: 1 }, i);
    return {
      key: dateKey(civil),
      civil,
      draws: g.drawDays.length === 0 || g.drawDays.includes(civil.weekday),
    };
  });
}

/**
 * A valid set of exceptions: some draw days skipped, some draws moved one to three days later to
 * a day without a draw (same year), some extra draws on days without one.
 */
const changesFor = (g: GameSchedule) =>
  fc
    .array(
      fc.tuple(
        fc.nat(364),
        fc.constantFrom('moved', 'skipped', 'added'),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 23 }),
      ),
      { maxLength: 30 },
    )
    .map((picks) => {
      const days = yearDays(g);
      const taken = new Set<string>();
      const busy = new Set(days.filter((d) => d.draws).map((d) => d.key));
      const out: CalendarChange[] = [];
      for (const [i, kind, shift, hour] of picks) {
        const day = days[i]!;
        if (taken.has(day.key)) continue;
        if (kind === 'skipped' && day.draws) {
          out.push({ date: day.key, kind, drawAt: null, note: '停开' });
          taken.add(day.key);
          busy.delete(day.key);
        } else if (kind === 'moved' && day.draws) {
          const to = days[i + shift];
          if (!to || busy.has(to.key) || taken.has(to.key)) continue;
          const drawAt = zonedTimeToUtc(to.civil, hour, 15, g.timezone).toISOString();
          out.push({ date: day.key, kind, drawAt, note: '改期' });
          taken.add(day.key).add(to.key);
          busy.delete(day.key);
          busy.add(to.key);
        } else if (kind === 'added' && !day.draws && !busy.has(day.key)) {
          const drawAt = zonedTimeToUtc(day.civil, hour, 45, g.timezone).toISOString();
          out.push({ date: day.key, kind, drawAt, note: '加开' });
          taken.add(day.key);
          busy.add(day.key);
        }
      }
      return out;
    });

/** The year's draws by a plain rescan: regular days not skipped or moved, plus moved and added. */
function rescan(g: GameSchedule, changes: readonly CalendarChange[]): number[] {
  const removed = new Set(changes.filter((c) => c.kind !== 'added').map((c) => c.date));
  const out: number[] = [];
  for (const d of yearDays(g)) {
    if (!d.draws || removed.has(d.key)) continue;
    const [h, m] = g.drawTime.split(':').map(Number) as [number, number];
    out.push(zonedTimeToUtc(d.civil, h, m, g.timezone).getTime());
  }
  for (const c of changes) if (c.drawAt) out.push(Date.parse(c.drawAt));
  return out.sort((a, b) => a - b);
}

describe('draw calendar exceptions', () => {
  for (const [name, base] of [
    ['weekly (Hong Kong)', hongKong],
    ['daily (Macau)', macau],
  ] as const) {
    it(`${name}: draws, issues, next and previous follow the exceptions`, () => {
      fc.assert(
        fc.property(changesFor(base), fc.nat(350 * 24), (changes, hourOfYear) => {
          const g = { ...base, changes };
          const expected = rescan(base, changes);
          const got = drawsBetween(g, yearStart(g), yearStart(g, YEAR + 1)).map((d) => d.getTime());
          expect(got).toEqual(expected);
          // Issues number the year's draws in order: a skipped day moves the rest up by one.
          const issues = got.map((t) => issueOf(g, new Date(t)));
          expect(issues).toEqual(got.map((_, i) => `${YEAR}${pad(i + 1, 3)}`));
          expect(
            scheduledDrawsBetween(g, yearStart(g), yearStart(g, YEAR + 1)).map((d) => d.issue),
          ).toEqual(issues);
          // Next and previous draw from any moment inside the year.
          const now = yearStart(g).getTime() + 86_400_000 * 3 + hourOfYear * 3_600_000;
          const next = expected.find((t) => t > now);
          if (next !== undefined) expect(nextDrawAt(g, new Date(now)).getTime()).toBe(next);
          const prev = [...expected].reverse().find((t) => t <= now);
          if (prev !== undefined) expect(previousDrawAt(g, new Date(now)).getTime()).toBe(prev);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('a moved draw keeps its issue; without exceptions nothing changes', () => {
    // Saturday 5 December 2026, moved to Sunday 6 December 21:30 (a race day in Hong Kong).
    const before = issueOf(hongKong, new Date('2026-12-05T13:30:00Z'));
    const moved: CalendarChange = {
      date: '2026-12-05',
      kind: 'moved',
      drawAt: '2026-12-06T13:30:00.000Z',
      note: '赛马日改期',
    };
    const g = { ...hongKong, changes: [moved] };
    expect(issueOf(g, new Date('2026-12-06T13:30:00Z'))).toBe(before);
    expect(nextDrawAt(g, new Date('2026-12-04T00:00:00Z')).toISOString()).toBe(
      '2026-12-06T13:30:00.000Z',
    );
    expect(issueOf({ ...hongKong, changes: [] }, new Date('2026-12-05T13:30:00Z'))).toBe(before);
  });

  it('a month lists each day with a draw or an exception', () => {
    const changes: CalendarChange[] = [
      { date: '2026-12-05', kind: 'moved', drawAt: '2026-12-06T13:30:00.000Z', note: '赛马日改期' },
      { date: '2026-12-10', kind: 'skipped', drawAt: null, note: '台风停开' },
      { date: '2026-12-25', kind: 'added', drawAt: '2026-12-25T13:30:00.000Z', note: '圣诞加开' },
    ];
    const days = calendarMonth({ ...hongKong, changes }, '2026-12');
    const byDate = new Map(days.map((d) => [d.date, d]));
    expect(byDate.get('2026-12-05')).toMatchObject({ draws: [], change: { kind: 'moved' } });
    expect(byDate.get('2026-12-06')).toMatchObject({
      movedFrom: '2026-12-05',
      draws: [{ drawAt: '2026-12-06T13:30:00.000Z' }],
    });
    expect(byDate.get('2026-12-10')).toMatchObject({
      draws: [],
      change: { kind: 'skipped', note: '台风停开' },
    });
    expect(byDate.get('2026-12-25')?.draws).toHaveLength(1);
    // Regular days are there with their issues; a day without a draw is not.
    expect(byDate.get('2026-12-01')?.draws[0]?.issue).toBe(
      issueOf(hongKong, new Date('2026-12-01T13:30:00Z')),
    );
    expect(byDate.has('2026-12-02')).toBe(false);
    for (const d of days) expect(parseDateKey(d.date).month).toBe(12);
    expect(
      zonedParts(new Date(byDate.get('2026-12-06')!.draws[0]!.drawAt), 'Asia/Hong_Kong').day,
    ).toBe(6);
    expect(() => calendarMonth({ ...hongKong, intervalMinutes: 5 }, '2026-12')).toThrow(RangeError);
  });
});
