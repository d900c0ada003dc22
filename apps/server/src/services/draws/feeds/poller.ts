import type { DrawOrigin, Game } from '@kaijiang/domain';
import type { SourceContext } from '../sources/types.ts';
import type { FeedClient, FeedLatest } from './feed-types.ts';

export const SLOW_MS = 60_000;
const MAX_BACKOFF_MS = 60_000;

export interface Poller {
  position: number;
  kind: DrawOrigin;
  url: string;
  client: FeedClient;
  nextAt: number;
  failures: number;
  latest?: FeedLatest;
}

const summary = (l: FeedLatest) =>
  JSON.stringify({
    draws: l.draws
      .slice(0, 2)
      .map((d) => ({ issue: d.issue, numbers: d.numbers, complete: d.complete })),
    ...(l.upcoming && { upcoming: l.upcoming }),
  });

/**
 * One question to one feed: what it said is kept for the game's step, the outcome written to
 * its state row (the console reads it), the next question timed by the pace or the backoff.
 */
export function createPolling(ctx: SourceContext, fast: number) {
  const { repos, log, clock, monotonic } = ctx;
  return async function poll(game: Game, p: Poller, near: boolean): Promise<void> {
    const at = new Date(clock()).toISOString();
    try {
      p.latest = await p.client.latest();
      if (p.failures > 0)
        log.info({ gameId: game.id, feed: p.kind, position: p.position }, 'feed is back');
      p.failures = 0;
      // Another kaijiang is built to be polled (a cached answer): always at the fast pace.
      p.nextAt = monotonic() + (near || p.kind === 'kaijiang' ? fast : SLOW_MS);
      await repos.feeds.putState({
        gameId: game.id,
        position: p.position,
        kind: p.kind,
        url: p.url,
        polledBy: ctx.holderId,
        lastPollAt: at,
        lastOkAt: at,
        lastAnswer: summary(p.latest),
        lastError: null,
        failures: 0,
      });
    } catch (err) {
      p.failures += 1;
      // What it said last is no evidence any more once it cannot be asked.
      if (p.failures >= 3) p.latest = undefined;
      if (p.failures === 1 || p.failures % 10 === 0)
        log.warn(
          { err, gameId: game.id, feed: p.kind, position: p.position, failures: p.failures },
          'feed failed',
        );
      const backoff = Math.min(fast * 2 ** Math.min(p.failures, 10), MAX_BACKOFF_MS);
      p.nextAt = monotonic() + backoff * (0.75 + Math.random() * 0.5);
      const states = await repos.feeds.states(game.id);
      const was = states.find((s) => s.position === p.position);
      await repos.feeds.putState({
        gameId: game.id,
        position: p.position,
        kind: p.kind,
        url: p.url,
        polledBy: ctx.holderId,
        lastPollAt: at,
        lastOkAt: was?.lastOkAt ?? null,
        lastAnswer: was?.lastAnswer ?? null,
        lastError: err instanceof Error ? err.message : String(err),
        failures: p.failures,
      });
    }
  };
}
