import { issueOf, zonedParts, type Game } from '@kaijiang/domain';

/**
 * The number a feed will most likely give the next draw: the last stored plus one, or the first
 * of its year (a feed's YYYYNNN numbers); other numberings follow the schedule's own.
 */
export function predictIssue(game: Game, last: { issue: string }, at: Date): string {
  const m = /^(\d{4})(\d{3})$/.exec(last.issue);
  if (!m) return issueOf(game, at);
  const year = zonedParts(at, game.timezone).year;
  if (Number(m[1]) !== year) return `${year}001`;
  return `${year}${String(Number(m[2]) + 1).padStart(3, '0')}`;
}
