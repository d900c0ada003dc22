import type { Game } from './wire/http.ts';
import {
  addDays,
  dayOfYear,
  pad,
  zonedParts,
  zonedTimeToUtc,
  type CivilDate,
} from './zoned-time.ts';

/** The part of a game that decides when it draws. */
export type GameSchedule = Pick<Game, 'drawTime' | 'drawDays' | 'intervalMinutes' | 'timezone'>;

const WEEKDAY_ZH = ['日', '一', '二', '三', '四', '五', '六'];
const DAY_MS = 86_400_000;

function parseTime(hhmm: string): { hour: number; minute: number } {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  if (!m) throw new RangeError(`draw time must be HH:mm: ${hhmm}`);
  return { hour: Number(m[1]), minute: Number(m[2]) };
}

function drawsOn(game: GameSchedule, weekday: number): boolean {
  return game.drawDays.length === 0 || game.drawDays.includes(weekday);
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
  if (!drawsOn(game, civil.weekday)) return [];
  const { hour, minute } = parseTime(game.drawTime);
  return [zonedTimeToUtc(civil, hour, minute, game.timezone)];
}

function localDay(at: Date, timeZone: string) {
  const p = zonedParts(at, timeZone);
  return { year: p.year, month: p.month, day: p.day, weekday: p.weekday };
}

/** The first scheduled draw strictly after `now`. */
export function nextDrawAt(game: GameSchedule, now: Date = new Date()): Date {
  const today = localDay(now, game.timezone);
  for (let k = 0; k <= 8; k++) {
    const found = drawsOfDay(game, addDays(today, k)).find((t) => t.getTime() > now.getTime());
    if (found) return found;
  }
  throw new RangeError('the game has no draw day');
}

/** The last scheduled draw at or before `now`. */
export function previousDrawAt(game: GameSchedule, now: Date = new Date()): Date {
  const today = localDay(now, game.timezone);
  for (let k = 0; k >= -8; k--) {
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
  if (game.drawDays.length === 0) return `${p.year}${pad(dayOfYear(p), 3)}`;
  let count = 0;
  const days = dayOfYear(p);
  for (let d = 0; d < days; d++) {
    if (drawsOn(game, addDays({ year: p.year, month: 1, day: 1 }, d).weekday)) count++;
  }
  return `${p.year}${pad(count, 3)}`;
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

/** How the schedule reads to a visitor: 每天 21:32, 每周二、四、六 21:30, 每5分钟. */
export function describeSchedule(game: GameSchedule): string {
  if (game.intervalMinutes) return `每${game.intervalMinutes}分钟`;
  if (game.drawDays.length === 0 || game.drawDays.length === 7) return `每天 ${game.drawTime}`;
  const days = [...game.drawDays].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return `每周${days.map((d) => WEEKDAY_ZH[d]).join('、')} ${game.drawTime}`;
}
