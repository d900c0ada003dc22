import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawAfter,
  drawsBetween,
  issueOf,
  nextDrawAt,
  previousDrawAt,
  type GameSchedule,
} from './schedule.ts';
import { describeSchedule } from './schedule-text.ts';
import { zonedParts } from './zoned-time.ts';

const macau: GameSchedule = { drawTime: '21:32', drawDays: [], timezone: 'Asia/Macau' };
const hongKong: GameSchedule = {
  drawTime: '21:30',
  drawDays: [2, 4, 6],
  timezone: 'Asia/Hong_Kong',
};
const fast: GameSchedule = {
  drawTime: '00:00',
  drawDays: [],
  intervalMinutes: 5,
  timezone: 'Asia/Shanghai',
};
const newYork: GameSchedule = { drawTime: '02:30', drawDays: [], timezone: 'America/New_York' };

describe('schedule', () => {
  it('finds the next daily draw in the game time zone', () => {
    expect(nextDrawAt(macau, new Date('2026-11-21T13:00:00Z')).toISOString()).toBe(
      '2026-11-21T13:32:00.000Z',
    );
    expect(nextDrawAt(macau, new Date('2026-11-21T13:32:00Z')).toISOString()).toBe(
      '2026-11-22T13:32:00.000Z',
    );
    expect(previousDrawAt(macau, new Date('2026-11-21T13:32:00Z')).toISOString()).toBe(
      '2026-11-21T13:32:00.000Z',
    );
  });

  it('skips to the next draw day of a weekly game', () => {
    // Saturday 2026-11-21 after the draw → Tuesday 2026-11-24 21:30 Hong Kong.
    expect(nextDrawAt(hongKong, new Date('2026-11-21T14:00:00Z')).toISOString()).toBe(
      '2026-11-24T13:30:00.000Z',
    );
    expect(previousDrawAt(hongKong, new Date('2026-11-23T00:00:00Z')).toISOString()).toBe(
      '2026-11-21T13:30:00.000Z',
    );
  });

  it('steps interval games on the clock', () => {
    expect(nextDrawAt(fast, new Date('2026-11-21T04:53:10Z')).toISOString()).toBe(
      '2026-11-21T04:55:00.000Z',
    );
    expect(nextDrawAt(fast, new Date('2026-11-21T15:59:00Z')).toISOString()).toBe(
      '2026-11-21T16:00:00.000Z',
    );
  });

  it('numbers issues from the local calendar', () => {
    expect(issueOf(macau, new Date('2026-11-21T13:32:00Z'))).toBe('2026325');
    expect(issueOf(macau, new Date('2026-01-01T13:32:00Z'))).toBe('2026001');
    expect(issueOf(fast, new Date('2026-11-21T16:00:00Z'))).toBe('202611220001');
    expect(issueOf(fast, new Date('2026-11-22T15:55:00Z'))).toBe('202611220288');
    // Tue/Thu/Sat from 1 Jan 2026 (a Thursday): 1st draw on 1 Jan.
    expect(issueOf(hongKong, new Date('2026-01-01T13:30:00Z'))).toBe('2026001');
    expect(issueOf(hongKong, new Date('2026-01-03T13:30:00Z'))).toBe('2026002');
    expect(issueOf(hongKong, new Date('2026-01-06T13:30:00Z'))).toBe('2026003');
  });

  it('keeps wall-clock time across daylight saving', () => {
    const before = nextDrawAt(newYork, new Date('2026-03-05T12:00:00Z'));
    const after = nextDrawAt(newYork, new Date('2026-03-10T12:00:00Z'));
    expect(zonedParts(before, 'America/New_York')).toMatchObject({ hour: 2, minute: 30 });
    expect(zonedParts(after, 'America/New_York')).toMatchObject({ hour: 2, minute: 30 });
  });

  it('describes schedules in Chinese', () => {
    expect(describeSchedule(macau)).toBe('每天 21:32');
    expect(describeSchedule(hongKong)).toBe('每周二、四、六 21:30');
    expect(describeSchedule({ ...hongKong, drawDays: [0, 6] })).toBe('每周六、日 21:30');
    expect(describeSchedule(fast)).toBe('每5分钟');
  });

  it('lists the draws of a span, each with a distinct issue', () => {
    const from = new Date('2025-11-21T00:00:00Z');
    const to = new Date('2026-11-21T00:00:00Z');
    const daily = drawsBetween(macau, from, to);
    expect(daily).toHaveLength(365);
    const weekly = drawsBetween(hongKong, from, to);
    expect(weekly.length).toBeGreaterThanOrEqual(156);
    expect(weekly.every((t) => [2, 4, 6].includes(zonedParts(t, hongKong.timezone).weekday))).toBe(
      true,
    );
    expect(new Set(weekly.map((t) => issueOf(hongKong, t))).size).toBe(weekly.length);
  });

  it('puts the next draw after now and the previous at or before it, for any instant', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2020-01-01T00:00:00Z'),
          max: new Date('2035-01-01T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(macau, hongKong, fast),
        (now, game) => {
          const next = nextDrawAt(game, now);
          const prev = previousDrawAt(game, now);
          const gapDays = (next.getTime() - prev.getTime()) / 86_400_000;
          return (
            next > now &&
            prev <= now &&
            gapDays <= 3 &&
            nextDrawAt(game, prev).getTime() === next.getTime()
          );
        },
      ),
    );
  });
});

describe('drawAfter', () => {
  const HK = { drawTime: '21:45', drawDays: [2, 4, 6], timezone: 'Asia/Hong_Kong' };
  // Drawn on Saturday 28 November 2026 at 21:30; the draw time is 21:45 since.
  const drawn = new Date('2026-11-28T13:30:00Z');
  it("takes a day's draw moved after it as that draw: the next is the next draw day", () => {
    expect(drawAfter(HK, drawn, new Date('2026-11-28T13:35:00Z')).toISOString()).toBe(
      '2026-12-01T13:45:00.000Z',
    );
    expect(drawAfter(HK, drawn).toISOString()).toBe('2026-12-01T13:45:00.000Z');
  });
  it('is the schedule’s next draw for a draw on the schedule, and never before now', () => {
    const onTime = new Date('2026-11-28T13:45:00Z');
    expect(drawAfter(HK, onTime)).toEqual(nextDrawAt(HK, onTime));
    const later = new Date('2026-12-02T00:00:00Z');
    expect(drawAfter(HK, drawn, later).toISOString()).toBe('2026-12-03T13:45:00.000Z');
    // Not drawn that day at all (the stored draw is the one before): that day's draw is next.
    expect(drawAfter(HK, new Date('2026-11-26T13:30:00Z')).toISOString()).toBe(
      '2026-11-28T13:45:00.000Z',
    );
  });
});
