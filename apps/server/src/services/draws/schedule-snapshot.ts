// A game's snapshot as the schedule makes it: the next draw after a stored one, a fed game's
// draw that is due but not stored, and the "delayed" status (services/draws/service.ts reads these).
import {
  drawAfter,
  followingIssue,
  issueOf,
  nextDrawAt,
  zonedParts,
  type DrawSnapshot,
  type Game,
} from '@kaijiang/domain';
import type { DrawRecord } from '../../repositories/index.ts';
import type { Clock } from './clock.ts';
import { toDraw } from './detail.ts';
import type { ScheduledGame } from './service-types.ts';

export function createScheduleSnapshots(clock: Clock) {
  // Keyed by games that exist (snapshotOf and the service's snapshot only see known games).
  const next = new Map<number, { from: number; stored?: number; at: number; issue: string }>();

  /**
   * The draw after `from` and, when given, after the stored draw at `stored` (drawAfter: a draw
   * time moved after that day's draw does not bring the day back); memoised until it is due, as
   * the schedule maths costs a few µs.
   */
  function nextAfter(g: Game, from: number, stored?: number) {
    const memo = next.get(g.id);
    if (memo && memo.stored === stored && from >= memo.from && from < memo.at) return memo;
    const at = (
      stored === undefined
        ? nextDrawAt(g, new Date(from))
        : drawAfter(g, new Date(stored), new Date(from))
    ).getTime();
    const value = { from, stored, at, issue: issueOf(g, new Date(at)) };
    next.set(g.id, value);
    return value;
  }

  // The next issue after a stored draw: the schedule's, or the stored numbering's continued.
  // Keyed by games that exist, like `next`.
  const following = new Map<number, { key: string; issue: string }>();
  function nextIssueAfter(g: Game, d: DrawRecord, at: number): string {
    const key = `${d.issue}|${d.drawAt}|${at}`;
    const kept = following.get(g.id);
    if (kept?.key === key) return kept.issue;
    const issue = followingIssue(g, d, new Date(at));
    following.set(g.id, { key, issue });
    return issue;
  }

  /**
   * A fed game's draw that is due but of which nothing is stored yet (every feed silent, or no
   * engine running): shown as the schedule predicts it, so that it can show as delayed.
   */
  function dueDraw(g: ScheduledGame, d: DrawRecord): DrawRecord | undefined {
    if (g.lateS === undefined || d.status !== 'done') return undefined;
    const at = drawAfter(g, new Date(d.drawAt));
    const now = clock();
    // Only the one draw due now: with several missing, the feed is still catching up.
    if (at.getTime() > now || nextDrawAt(g, at).getTime() <= now) return undefined;
    return {
      gameId: g.id,
      issue: followingIssue(g, d, at),
      drawAt: at.toISOString(),
      year: zonedParts(at, g.timezone).year,
      status: 'waiting',
      numbers: [],
    };
  }

  function snapshotOf(g: ScheduledGame, d: DrawRecord): DrawSnapshot {
    const now = clock();
    const n = nextAfter(g, now, Date.parse(d.drawAt));
    const late =
      g.lateS !== undefined &&
      d.numbers.length === 0 &&
      (d.status === 'waiting' || d.status === 'drawing') &&
      now - Date.parse(d.drawAt) >= g.lateS * 1000;
    return {
      ...toDraw(d),
      ...(late && { status: 'delayed' as const }),
      nextIssue: nextIssueAfter(g, d, n.at),
      nextDrawAt: new Date(n.at).toISOString(),
      serverTime: new Date(now).toISOString(),
    };
  }

  return {
    nextAfter,
    dueDraw,
    snapshotOf,
    /** The schedule changed (games or config): every memoised next draw is read again. */
    forget: () => next.clear(),
  };
}
