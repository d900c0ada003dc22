// The number of the next draw when a game's stored draws carry numbers of their own (a feed's,
// an imported history's) rather than the schedule's: the last stored plus one, or the first of
// a new year. The schedule predicts a draw's time; it never renumbers what is stored.
import { issueOf, type GameSchedule } from './schedule.ts';
import { zonedParts } from './zoned-time.ts';

const YEAR_AND_COUNT = /^(\d{4})(\d{3})$/;

/**
 * The issue of the draw at `at` coming after `previous`. While the stored numbering is the
 * schedule's (the previous draw has the issue the schedule gives it), the schedule's; else the
 * previous one's count plus one in the same year, 001 in a later one. Games drawn every few
 * minutes number their draws by the slot of the day, always the schedule's.
 */
export function followingIssue(
  game: GameSchedule,
  previous: { issue: string; drawAt: string } | undefined,
  at: Date,
): string {
  const scheduled = issueOf(game, at);
  if (!previous || game.intervalMinutes) return scheduled;
  const m = YEAR_AND_COUNT.exec(previous.issue);
  if (!m || issueOf(game, new Date(previous.drawAt)) === previous.issue) return scheduled;
  const year = zonedParts(at, game.timezone).year;
  if (year > Number(m[1])) return `${year}001`;
  const next = Number(m[2]) + 1;
  return next > 999 ? scheduled : `${m[1]}${String(next).padStart(3, '0')}`;
}
