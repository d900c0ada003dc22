import type { CalendarChange, CalendarDay, EarlierDays } from './wire/calendar.ts';
import type { Game } from './wire/http.ts';
import {
  addDays,
  dayOfYear,
  pad,
  zonedParts,
  zonedTimeToUtc,
  type CivilDate,
  type ZonedParts,
} from './zoned-time.ts';

/** The part of a game that decides when it draws. */
export type GameSchedule = Pick<Game, 'drawTime' | 'drawDays' | 'intervalMinutes' | 'timezone'> & {
  /**
   * Exceptions to the regular schedule (a draw moved, a day skipped, a draw added); games that
   * draw every few minutes have none. Every function here follows them.
   */
  changes?: readonly CalendarChange[];
  /**
   * The game's draw days before each change of them, oldest first: `drawDays` holds from the
   * last `until` on. Issues count the days each pattern had, so a change numbers on from the
   * issues before it.
   */
  earlierDays?: readonly EarlierDays[];
};

const DAY_MS = 86_400_000;

function parseTime(hhmm: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`draw time must be HH:mm: ${hhmm}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

/** YYYY-MM-DD of a civil date. */
export const dateKey = (c: CivilDate): string => `${c.year}-${pad(c.month, 2)}-${pad(c.day, 2)}`;

/** The weekdays the game draws on at a local day (empty: every day). */
export function drawDaysAt(game: GameSchedule, key: string): readonly number[] {
  for (const e of game.earlierDays ?? []) if (key < e.until) return e.days;
  return game.drawDays;
}

function drawsOn(game: GameSchedule, civil: CivilDate & { weekday: number }): boolean {
  const days = game.earlierDays?.length ? drawDaysAt(game, dateKey(civil)) : game.drawDays;
  return days.length === 0 || days.includes(civil.weekday);
}

export function parseDateKey(key: string): CivilDate {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

interface ChangeIndex {
  /** Days whose regular draw does not take place (moved away or skipped). */
  removed: Set<string>;
  /** Instants of moved and added draws, by the local day they fall on. */
  added: Map<string, Date[]>;
}
const indexes = new WeakMap<readonly CalendarChange[], ChangeIndex>();

function changeIndex(game: GameSchedule): ChangeIndex | null {
  const changes = game.changes;
  if (!changes || changes.length === 0 || game.intervalMinutes) return null;
  let index = indexes.get(changes);
  if (index) return index;
  index = { removed: new Set(), added: new Map() };
  for (const c of changes) {
    if (c.kind !== 'added') index.removed.add(c.date);
    if (c.kind !== 'skipped' && c.drawAt) {
      const at = new Date(c.drawAt);
      const key = dateKey(zonedParts(at, game.timezone));
      index.added.set(
        key,
        [...(index.added.get(key) ?? []), at].sort((a, b) => +a - +b),
      );
    }
  }
  indexes.set(changes, index);
  return index;
}

/** The regular (unchanged) draw instant of a day, were it a draw day. */
export function regularDrawOf(game: GameSchedule, civil: CivilDate): Date {
  const { hour, minute } = parseTime(game.drawTime);
  return zonedTimeToUtc(civil, hour, minute, game.timezone);
}

function slotsPerDay(interval: number): number {
  return Math.ceil(1440 / interval);
}

/** Draw instants of one local day, in order. */
function drawsOfDay(game: GameSchedule, civil: CivilDate & { weekday: number }): Date[] {
  if (game.intervalMinutes) {
    const start = zonedTimeToUtc(civil, 0, 0, game.timezone).getTime();
    return Array.from(
      { length: slotsPerDay(game.intervalMinutes) },
      (_, k) => new Date(start + k * game.intervalMinutes! * 60_000),
    );
  }
  const index = changeIndex(game);
  if (!index) return drawsOn(game, civil) ? [regularDrawOf(game, civil)] : [];
  const key = dateKey(civil);
  const out = drawsOn(game, civil) && !index.removed.has(key) ? [regularDrawOf(game, civil)] : [];
  const extra = index.added.get(key);
  return extra ? [...out, ...extra].sort((a, b) => +a - +b) : out;
}

/** Days searched for the next or previous draw: the longest gap exceptions may leave. */
const SEARCH_DAYS = 45;

function localDay(at: Date, timeZone: string) {
  const p = zonedParts(at, timeZone);
  return { year: p.year, month: p.month, day: p.day, weekday: p.weekday };
}

/** The first scheduled draw strictly after `now`. */
export function nextDrawAt(game: GameSchedule, now: Date = new Date()): Date {
  const today = localDay(now, game.timezone);
  for (let k = 0; k <= SEARCH_DAYS; k++) {
    const found = drawsOfDay(game, addDays(today, k)).find((t) => t.getTime() > now.getTime());
    if (found) return found;
  }
  throw new RangeError('the game has no draw day');
}

/**
 * The draw after a stored one at `stored`, and after `now`. A draw moved off its day's schedule
 * (its game's draw time changed after it: drawn at 21:30, then moved to 21:45) still is that
 * day's draw, so the day's draw at its new time is not another one: without this, from 21:30 to
 * 21:45 the issue just drawn would come back as the next (apps/server/test/draws/draw-time.test.ts).
 */
export function drawAfter(game: GameSchedule, stored: Date, now: Date = stored): Date {
  const next = nextDrawAt(game, new Date(Math.max(now.getTime(), stored.getTime())));
  if (game.intervalMinutes) return next;
  const day = drawsOfDay(game, localDay(stored, game.timezone));
  if (day.some((t) => t.getTime() === stored.getTime())) return next;
  // Off the schedule: it stands for the first of its day's draws after it, if any.
  const standsFor = day.find((t) => t.getTime() > stored.getTime());
  return standsFor?.getTime() === next.getTime() ? nextDrawAt(game, next) : next;
}

/** The last scheduled draw at or before `now`. */
export function previousDrawAt(game: GameSchedule, now: Date = new Date()): Date {
  const today = localDay(now, game.timezone);
  for (let k = 0; k >= -SEARCH_DAYS; k--) {
    const found = drawsOfDay(game, addDays(today, k))
      .reverse()
      .find((t) => t.getTime() <= now.getTime());
    if (found) return found;
  }
  throw new RangeError('the game has no draw day');
}

/**
 * The issue number of the draw scheduled at `drawAt`, from the game's local calendar:
 * daily games YYYY + day of year (2026325); weekly games YYYY + their draw count in the year
 * (2026131); interval games YYYYMMDD + slot of the day (202611210001).
 */
export function issueOf(game: GameSchedule, drawAt: Date): string {
  const p = zonedParts(drawAt, game.timezone);
  if (game.intervalMinutes) {
    const start = zonedTimeToUtc(p, 0, 0, game.timezone).getTime();
    const slot = Math.round((drawAt.getTime() - start) / (game.intervalMinutes * 60_000)) + 1;
    return `${p.year}${pad(p.month, 2)}${pad(p.day, 2)}${pad(slot, 4)}`;
  }
  const index = changeIndex(game);
  if (!index) return `${p.year}${pad(regularDaysUpTo(game, p), 3)}`;
  return `${p.year}${pad(ordinalInYear(game, index, p, drawAt), 3)}`;
}

/** Regular draw days from 1 January to `civil`, both included. */
function regularDaysUpTo(game: GameSchedule, civil: CivilDate): number {
  const days = dayOfYear(civil);
  if (game.drawDays.length === 0 && !game.earlierDays?.length) return days;
  let count = 0;
  for (let d = 0; d < days; d++) {
    if (drawsOn(game, addDays({ year: civil.year, month: 1, day: 1 }, d))) count++;
  }
  return count;
}

/**
 * The place of the draw at `drawAt` among its local year's draws once the exceptions apply:
 * regular draws up to it, less those moved away or skipped, plus those moved in or added. A
 * moved draw thus keeps its number, and every draw after a skipped day moves up by one.
 */
function ordinalInYear(
  game: GameSchedule,
  index: ChangeIndex,
  p: ZonedParts,
  drawAt: Date,
): number {
  const t = drawAt.getTime();
  const key = dateKey(p);
  const regularToday = drawsOn(game, p) && regularDrawOf(game, p).getTime() <= t;
  const before = p.month === 1 && p.day === 1 ? 0 : regularDaysUpTo(game, addDays(p, -1));
  const regular = before + Number(regularToday);
  const year = `${p.year}-`;
  let removed = 0;
  for (const day of index.removed) {
    if (day.startsWith(year) && (day < key || (day === key && regularToday))) removed++;
  }
  let added = 0;
  for (const [day, instants] of index.added) {
    if (!day.startsWith(year) || day > key) continue;
    for (const at of instants) if (at.getTime() <= t) added++;
  }
  return regular - removed + added;
}

/** Scheduled draws in [from, to), oldest first; for filling history. */
export function drawsBetween(game: GameSchedule, from: Date, to: Date): Date[] {
  const out: Date[] = [];
  let day = localDay(from, game.timezone);
  const last = to.getTime() + DAY_MS;
  for (let guard = 0; guard < 40_000; guard++) {
    const times = drawsOfDay(game, day);
    for (const t of times) if (t >= from && t < to) out.push(t);
    if (zonedTimeToUtc(day, 0, 0, game.timezone).getTime() > last) break;
    day = addDays(day, 1);
  }
  return out;
}

/**
 * A month of a game's calendar (`month` YYYY-MM): every day with a draw or an exception, each
 * draw with its issue. Not for games that draw every few minutes (RangeError).
 */
export function calendarMonth(game: GameSchedule, month: string): CalendarDay[] {
  if (game.intervalMinutes)
    throw new RangeError('a game drawing every few minutes has no calendar');
  const [year, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const changes = game.changes ?? [];
  const movedFrom = new Map<string, string>();
  for (const c of changes) {
    if (c.kind === 'moved' && c.drawAt) {
      movedFrom.set(dateKey(zonedParts(new Date(c.drawAt), game.timezone)), c.date);
    }
  }
  const days: CalendarDay[] = [];
  for (let d = 1; d <= length; d++) {
    const civil = addDays({ year, month: m, day: d }, 0);
    const key = dateKey(civil);
    const draws = drawsOfDay(game, civil).map((at) => ({
      issue: issueOf(game, at),
      drawAt: at.toISOString(),
    }));
    const change = changes.find((c) => c.date === key);
    const from = movedFrom.get(key);
    if (draws.length === 0 && !change && !from) continue;
    days.push({
      date: key,
      weekday: civil.weekday,
      draws,
      ...(change && { change: { kind: change.kind, drawAt: change.drawAt, note: change.note } }),
      ...(from && { movedFrom: from }),
    });
  }
  return days;
}

/** Whether the game has a draw on that local day by its regular schedule. */
export function drawsOnDate(game: GameSchedule, key: string): boolean {
  const civil = addDays(parseDateKey(key), 0);
  return !game.intervalMinutes && drawsOn(game, civil);
}
