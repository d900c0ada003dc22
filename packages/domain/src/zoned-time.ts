/**
 * Wall-clock arithmetic in a named time zone with nothing but Intl: games draw at local times in
 * Macau, Hong Kong or Shanghai whatever the visitor's or server's zone.
 */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}
export interface ZonedParts extends CivilDate {
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function zonedParts(date: Date | number, timeZone: string): ZonedParts {
  const out: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(date)) out[p.type] = p.value;
  return {
    year: Number(out.year),
    month: Number(out.month),
    day: Number(out.day),
    hour: Number(out.hour),
    minute: Number(out.minute),
    second: Number(out.second),
    weekday: WEEKDAYS.indexOf(out.weekday ?? ''),
  };
}

function offsetAt(utcMs: number, timeZone: string): number {
  const p = zonedParts(utcMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(utcMs / 1000) * 1000;
}

/** The instant at which the wall clock in `timeZone` shows the given local time. */
export function zonedTimeToUtc(
  civil: CivilDate,
  hour: number,
  minute: number,
  timeZone: string,
): Date {
  const guess = Date.UTC(civil.year, civil.month - 1, civil.day, hour, minute);
  const first = guess - offsetAt(guess, timeZone);
  // A second pass settles instants near a daylight-saving change.
  const second = guess - offsetAt(first, timeZone);
  return new Date(second);
}

/** The civil date `days` after the given one (negative goes back). */
export function addDays(civil: CivilDate, days: number): CivilDate & { weekday: number } {
  const d = new Date(Date.UTC(civil.year, civil.month - 1, civil.day + days));
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    weekday: d.getUTCDay(),
  };
}

export function dayOfYear(civil: CivilDate): number {
  return (
    (Date.UTC(civil.year, civil.month - 1, civil.day) - Date.UTC(civil.year, 0, 1)) / 86_400_000 + 1
  );
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
