import { describe, expect, it } from 'vitest';
import { issueOf, type GameSchedule } from './schedule.ts';
import { scheduledDrawsBetween } from './schedule-batch.ts';
import { zonedParts } from './zoned-time.ts';

const fast: GameSchedule = {
  drawTime: '00:00',
  drawDays: [],
  intervalMinutes: 5,
  timezone: 'Asia/Shanghai',
};
const hongKong: GameSchedule = {
  drawTime: '21:30',
  drawDays: [2, 4, 6],
  timezone: 'Asia/Hong_Kong',
};
const newYork: GameSchedule = {
  drawTime: '00:00',
  drawDays: [],
  intervalMinutes: 30,
  timezone: 'America/New_York',
};

describe('scheduledDrawsBetween', () => {
  it.each([
    ['5-minute', fast, '2025-12-30T10:00:00Z', '2026-01-02T03:00:00Z'],
    ['weekly', hongKong, '2025-11-01T00:00:00Z', '2026-02-01T00:00:00Z'],
    ['across a DST change', newYork, '2026-03-07T00:00:00Z', '2026-03-10T00:00:00Z'],
  ])('agrees with issueOf for a %s game', (_name, game, from, to) => {
    const draws = scheduledDrawsBetween(game, new Date(from), new Date(to));
    expect(draws.length).toBeGreaterThan(10);
    for (const d of draws) {
      expect(d.issue).toBe(issueOf(game, d.drawAt));
      expect(d.year).toBe(zonedParts(d.drawAt, game.timezone).year);
    }
  });

  it('lists draws oldest first', () => {
    const draws = scheduledDrawsBetween(
      fast,
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-03T00:00:00Z'),
    );
    const times = draws.map((d) => d.drawAt.getTime());
    expect(times.length).toBe(576);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('numbers the slots of a day from 0001', () => {
    const draws = scheduledDrawsBetween(
      fast,
      new Date('2026-01-01T16:00:00Z'),
      new Date('2026-01-01T16:11:00Z'),
    );
    expect(draws.map((d) => d.issue)).toEqual(['202601020001', '202601020002', '202601020003']);
  });
});
