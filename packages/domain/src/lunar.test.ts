import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lichunDay, lunarYearOf } from './lunar.ts';

// Chinese New Year's Day, midnight in Shanghai (UTC+8) is 16:00 UTC the day before.
const NEW_YEARS = [
  ['2024-02-10', 2024],
  ['2025-01-29', 2025],
  ['2026-02-17', 2026],
] as const;

function shanghaiMidnight(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

describe('lunar year', () => {
  it.each(NEW_YEARS)('switches exactly at %s 00:00 in Shanghai', (day, year) => {
    const start = shanghaiMidnight(day);
    expect(lunarYearOf(new Date(start.getTime() - 1))).toBe(year - 1);
    expect(lunarYearOf(start)).toBe(year);
    expect(lunarYearOf(new Date(start.getTime() + 86_400_000 * 300))).toBe(year);
  });

  it('counts by Shanghai time, not the visitor clock', () => {
    // 2026-02-16 20:00 in New York is already the 17th in Shanghai.
    expect(lunarYearOf(new Date('2026-02-16T20:00:00-05:00'))).toBe(2026);
    expect(lunarYearOf(new Date('2026-02-16T10:00:00-05:00'))).toBe(2025);
  });

  it('can switch at 立春 instead', () => {
    expect(lichunDay(2024)).toBe(4);
    expect(lichunDay(2025)).toBe(3);
    expect(lichunDay(2026)).toBe(4);
    const opts = { switchAt: 'lichun' } as const;
    expect(lunarYearOf(shanghaiMidnight('2025-02-02'), opts)).toBe(2024);
    expect(lunarYearOf(shanghaiMidnight('2025-02-03'), opts)).toBe(2025);
    // Before New Year but after 立春: the two rules disagree, as they should.
    expect(lunarYearOf(shanghaiMidnight('2026-02-10'), opts)).toBe(2026);
    expect(lunarYearOf(shanghaiMidnight('2026-02-10'))).toBe(2025);
  });

  it('is never ahead of the Gregorian year and at most one behind, for any date', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-03-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (d) => {
          const gregorian = Number(
            new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Shanghai', year: 'numeric' }).format(
              d,
            ),
          );
          const lunar = lunarYearOf(d);
          const month = Number(
            new Intl.DateTimeFormat('en-US', {
              timeZone: 'Asia/Shanghai',
              month: 'numeric',
            }).format(d),
          );
          // From March on, the new lunar year has always begun.
          return month >= 3 ? lunar === gregorian : lunar === gregorian || lunar === gregorian - 1;
        },
      ),
    );
  });

  it('matches the Chinese calendar of Intl at any moment, around Shanghai midnight too', () => {
    const chinese = new Intl.DateTimeFormat('en-u-ca-chinese', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
    });
    const calendarYear = (d: Date) =>
      Number(chinese.formatToParts(d).find((p) => (p.type as string) === 'relatedYear')?.value);
    const moment = fc.oneof(
      fc.date({
        min: new Date('1992-01-01T00:00:00Z'),
        max: new Date('2099-12-31T00:00:00Z'),
        noInvalidDate: true,
      }),
      // Within a minute of midnight in Shanghai (16:00 UTC) in the new-year season.
      fc
        .record({
          year: fc.integer({ min: 1992, max: 2099 }),
          day: fc.integer({ min: 15, max: 60 }),
          second: fc.integer({ min: -60, max: 60 }),
        })
        .map(({ year, day, second }) => new Date(Date.UTC(year, 0, day, 16, 0, second))),
    );
    fc.assert(
      fc.property(moment, (d) => lunarYearOf(d) === calendarYear(d)),
      { numRuns: 3000 },
    );
  });
});
