import { issueOf, drawsBetween, type GameSchedule } from './schedule.ts';
import { zonedParts, zonedTimeToUtc } from './zoned-time.ts';

export interface ScheduledDraw {
  drawAt: Date;
  issue: string;
  /** Calendar year of the draw in the game's time zone. */
  year: number;
}

/**
 * Scheduled draws in [from, to) with their issues, oldest first. Same answers as issueOf for
 * each draw, but a time-zone lookup is made once per local day instead of once per draw, which
 * is what makes years of a 5-minute game affordable.
 */
export function scheduledDrawsBetween(game: GameSchedule, from: Date, to: Date): ScheduledDraw[] {
  const times = drawsBetween(game, from, to);
  if (!game.intervalMinutes) {
    return times.map((drawAt) => ({
      drawAt,
      issue: issueOf(game, drawAt),
      year: zonedParts(drawAt, game.timezone).year,
    }));
  }
  const step = game.intervalMinutes * 60_000;
  const out: ScheduledDraw[] = [];
  let dayStart = 0;
  let dayEnd = -1;
  let prefix = '';
  let year = 0;
  for (const drawAt of times) {
    const t = drawAt.getTime();
    if (t < dayStart || t >= dayEnd) {
      const p = zonedParts(drawAt, game.timezone);
      dayStart = zonedTimeToUtc(p, 0, 0, game.timezone).getTime();
      const tomorrow = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
      dayEnd = zonedTimeToUtc(
        {
          year: tomorrow.getUTCFullYear(),
          month: tomorrow.getUTCMonth() + 1,
          day: tomorrow.getUTCDate(),
        },
        0,
        0,
        game.timezone,
      ).getTime();
      prefix = issueOf(game, drawAt).slice(0, 8);
      year = p.year;
    }
    const slot = Math.round((t - dayStart) / step) + 1;
    out.push({ drawAt, issue: `${prefix}${String(slot).padStart(4, '0')}`, year });
  }
  return out;
}
