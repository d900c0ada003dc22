import { nextDrawAt as scheduledAfter } from '@kaijiang/domain';
import { safeZone, type Schedule } from './schedule';

// Apart from the formatters in schedule.ts: screens that only format dates (the game screen's
// first load) do not carry the schedule maths.

/**
 * The next scheduled draw after `now` by the domain's rule (the one the server's engine uses);
 * null when the game's data cannot be read, so a bad record never breaks a screen.
 */
export function nextDrawAt(game: Schedule, now: Date = new Date()): Date | null {
  try {
    return scheduledAfter({ ...game, timezone: safeZone(game.timezone) }, now);
  } catch {
    return null;
  }
}
