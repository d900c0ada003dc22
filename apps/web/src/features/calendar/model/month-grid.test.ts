import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthGrid, monthIn, monthsBetween, shiftMonth } from './month-grid';

const month = fc
  .record({ y: fc.integer({ min: 2000, max: 2100 }), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ y, m }) => `${y}-${String(m).padStart(2, '0')}`);

describe('month grid', () => {
  it('holds every day once, in order, each under its weekday (Monday first)', () => {
    fc.assert(
      fc.property(month, (m) => {
        const weeks = monthGrid(m);
        expect(weeks.every((w) => w.length === 7)).toBe(true);
        const days = weeks.flat().filter((c) => c !== null);
        const [y, mm] = m.split('-').map(Number) as [number, number];
        expect(days.map((d) => d.day)).toEqual(
          Array.from({ length: new Date(Date.UTC(y, mm, 0)).getUTCDate() }, (_, i) => i + 1),
        );
        weeks.forEach((week) =>
          week.forEach((cell, col) => {
            if (cell) expect((new Date(`${cell.date}T00:00:00Z`).getUTCDay() + 6) % 7).toBe(col);
          }),
        );
        // No week is all blanks.
        expect(weeks.every((w) => w.some((c) => c !== null))).toBe(true);
      }),
    );
  });

  it('moves between months and counts them', () => {
    fc.assert(
      fc.property(month, fc.integer({ min: -30, max: 30 }), (m, k) => {
        expect(monthsBetween(m, shiftMonth(m, k))).toBe(k);
        expect(shiftMonth(shiftMonth(m, k), -k)).toBe(m);
      }),
    );
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });

  it('reads the month in the game time zone', () => {
    // 31 December 2026, 20:00 UTC: already January in Hong Kong.
    const at = Date.parse('2026-12-31T20:00:00Z');
    expect(monthIn(at, 'Asia/Hong_Kong')).toBe('2027-01');
    expect(monthIn(at, 'America/New_York')).toBe('2026-12');
  });
});
