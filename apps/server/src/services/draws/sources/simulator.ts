import {
  drawAfter,
  followingIssue,
  nextDrawAt,
  previousDrawAt,
  scheduledDrawsBetween,
  zonedParts,
  type Game,
} from '@kaijiang/domain';
import type { DrawRecord } from '../../../repositories/index.ts';
import { completeDraw, nextBall } from '../fair.ts';
import { recordSimulatedPrizes } from '../prize-record.ts';
import type { DrawSource, SourceContext } from './types.ts';

const HOUR = 3_600_000;
/** Missed draws are completed this far back; older gaps stay gaps (bounded start-up work). */
export const backfillWindowMs = (game: Game): number =>
  game.intervalMinutes ? 24 * HOUR : 31 * 24 * HOUR;

/**
 * The default source: a fair draw with crypto.randomInt, one ball every ballIntervalMs. Pacing
 * lives in memory only, on the monotonic clock (a wall clock set back would hold a ball, set
 * forward would rush several); the balls themselves are stored before they are published, so
 * after a restart the same draw carries on from what is in the database.
 */
export function createSimulatorSource(ctx: SourceContext): DrawSource {
  const { repos, service, clock, monotonic, random } = ctx;
  const interval = ctx.ballIntervalMs;
  // A draw that should have started less than this long ago is still drawn live.
  const liveGrace = Math.max(7 * interval, 30_000);
  /** `from` is on the monotonic clock: ball `count + k` is due k intervals after it. */
  const pace = new Map<number, { issue: string; from: number; count: number }>();

  /** The dividends of finished draws of a prize game (the Hong Kong one), as a real one would. */
  async function prizes(gameId: number, draws: readonly DrawRecord[]): Promise<void> {
    const made = await recordSimulatedPrizes(
      repos,
      gameId,
      draws.filter((d) => d.status === 'done'),
      random,
      new Date(clock()).toISOString(),
    );
    if (made > 0) service.prizesChanged(gameId);
  }

  async function store(open: DrawRecord, numbers: string[]): Promise<boolean> {
    const status = numbers.length >= 7 ? 'done' : 'drawing';
    if (!(await repos.draws.advance(open, open.numbers, { numbers, status }))) return false;
    // In before the finished draw is announced, so that a screen asking at once finds them;
    // a failure leaves the draw without them rather than holding the draw back.
    if (status === 'done') {
      await prizes(open.gameId, [{ ...open, numbers, status }]).catch((err: unknown) =>
        ctx.log.warn({ err, gameId: open.gameId, issue: open.issue }, 'prize record not written'),
      );
    }
    await service.changed({ ...open, numbers, status });
    return true;
  }

  async function advanceOpen(game: Game, open: DrawRecord, now: number): Promise<number> {
    const drawAt = Date.parse(open.drawAt);
    // The next draw is already due (the server was down): finish this one at once.
    if (drawAfter(game, new Date(drawAt)).getTime() <= now) {
      pace.delete(game.id);
      await store(open, completeDraw(open.numbers, random));
      return 0;
    }
    const t = monotonic();
    let p = pace.get(game.id);
    if (!p || p.issue !== open.issue) {
      // Resuming a draw this process did not start: carry on at the normal pace from now.
      p = { issue: open.issue, from: t, count: open.numbers.length };
      pace.set(game.id, p);
    }
    const due = p.from + (open.numbers.length - p.count + 1) * interval;
    if (due > t) return due - t;
    const numbers = [...open.numbers, nextBall(open.numbers, random)];
    if (!(await store(open, numbers))) {
      pace.delete(game.id);
      return 0;
    }
    if (numbers.length >= 7) pace.delete(game.id);
    return numbers.length >= 7 ? 0 : interval;
  }

  /** Completes missed draws, then starts (or records) the one due last; false if it exists. */
  async function catchUp(
    game: Game,
    newest: DrawRecord | undefined,
    dueAt: number,
    now: number,
  ): Promise<boolean> {
    const after = newest ? drawAfter(game, new Date(newest.drawAt)).getTime() : dueAt;
    const from = Math.max(after, now - backfillWindowMs(game));
    const missed = scheduledDrawsBetween(game, new Date(from), new Date(dueAt));
    // Numbered after the newest stored draw when its numbering is not the schedule's (real).
    let previous: { issue: string; drawAt: string } | undefined = newest;
    if (missed.length > 0) {
      const rows = missed.map((s) => {
        const row = {
          gameId: game.id,
          issue: followingIssue(game, previous, s.drawAt),
          drawAt: s.drawAt.toISOString(),
          year: s.year,
          status: 'done' as const,
          numbers: completeDraw([], random),
          source: 'simulator' as const,
        };
        previous = row;
        return row;
      });
      await repos.draws.insertMany(rows);
      await prizes(game.id, rows);
      service.invalidate(game.id);
      ctx.log.info({ gameId: game.id, draws: missed.length }, 'completed draws missed while down');
    }
    const at = new Date(dueAt);
    const live = now - dueAt <= liveGrace;
    const draw: DrawRecord = {
      gameId: game.id,
      issue: followingIssue(game, previous, at),
      drawAt: at.toISOString(),
      year: zonedParts(at, game.timezone).year,
      // waiting → drawing (first ball) → done (seventh).
      status: live ? 'waiting' : 'done',
      numbers: live ? [] : completeDraw([], random),
      source: 'simulator',
    };
    if (!(await repos.draws.insert(draw))) return false;
    if (!live) await prizes(game.id, [draw]);
    if (live) {
      // The schedule is in wall time; from here on the pace is kept on the monotonic clock.
      const late = now - dueAt;
      const t = monotonic();
      pace.set(game.id, { issue: draw.issue, from: late > interval ? t : t - late, count: 0 });
    }
    await service.changed(draw);
    return true;
  }

  return {
    async step(game) {
      const now = clock();
      const open =
        (await repos.draws.newestWithStatus(game.id, 'drawing')) ??
        (await repos.draws.newestWithStatus(game.id, 'waiting'));
      if (open && Date.parse(open.drawAt) <= now) return advanceOpen(game, open, now);

      const dueAt = previousDrawAt(game, new Date(now)).getTime();
      const newest = await repos.draws.newest(game.id);
      // The newest stands for the due draw when the draw time moved after it (drawAfter).
      if (!newest || drawAfter(game, new Date(newest.drawAt)).getTime() <= dueAt) {
        if (await catchUp(game, newest, dueAt, now)) return 0;
        // The issue exists with another date (e.g. imported): nothing to draw until the next one.
        ctx.log.warn({ gameId: game.id }, 'due draw already stored with another date');
      }
      return nextDrawAt(game, new Date(now)).getTime() - now;
    },
  };
}
