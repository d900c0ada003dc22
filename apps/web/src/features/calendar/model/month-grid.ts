import { fixedWallClock } from '@/shared/lib/schedule';

/** One cell of a month grid: a day of the month, or a blank before the 1st or after the last. */
export type GridCell = { date: string; day: number } | null;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM` moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** Whole months from `a` to `b` (negative when `b` is earlier). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am);
}

/**
 * The weeks of a month as the field prints calendars: Monday first, seven cells a week, blanks
 * before the 1st and after the last day.
 */
export function monthGrid(month: string): GridCell[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(y, m, 0)).getUTCDate();
  // 0 = Monday.
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const cells: GridCell[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= length; day++) cells.push({ date: `${month}-${pad(day)}`, day });
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/** The month (YYYY-MM) an instant falls in, in a time zone. */
export function monthIn(at: number, timeZone: string): string {
  const wall = fixedWallClock(at, timeZone);
  if (wall) return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}`;
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}`;
}
