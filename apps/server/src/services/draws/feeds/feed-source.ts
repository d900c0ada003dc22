import {
  drawAfter,
  followingIssue,
  hasPrizeRecord,
  isFeedKind,
  zonedParts,
  type DrawOrigin,
  type DrawSourceSettings,
  type Game,
} from '@kaijiang/domain';
import type { DrawRecord } from '../../../repositories/index.ts';
import type { DrawSource, SourceContext } from '../sources/types.ts';
import { agree, decide, type Observation } from './agreement.ts';
import { checkAttributes } from './attributes-check.ts';
import { feedClientOf } from './feed-clients.ts';
import type { FeedDraw } from './feed-types.ts';
import { createPolling, SLOW_MS, type Poller } from './poller.ts';

/** Around a draw (this long before it, until it is in) every feed is asked at the fast pace. */
const NEAR_BEFORE_MS = 2 * 60_000;
/** …and this long after it: corrections and the prize record come in then. */
const NEAR_AFTER_MS = 30 * 60_000;
/** Draws one gap fill may add, and how often a game may ask for one. */
const FILL_MAX = 500;
/** How far a feed's clock may run ahead of ours: its draws dated later than that are refused. */
const CLOCK_SKEW_MS = 15 * 60_000;
/** After a fill that failed or found nothing, the next waits this long. */
const FILL_RETRY_MS = 30_000;
/** With no draw stored, a fill reaches this far back. */
const FILL_BACK_MS = 366 * 86_400_000;
/** Lags are kept only for results seen live, not for old draws found on start-up. */
const LAG_WINDOW_MS = 6 * 3_600_000;

interface GameRun {
  key: string;
  pollers: Poller[];
  delayed: Set<string>;
  lastFillAt: number;
  upcomingKey: string;
  prizesTaken: Set<string>;
}

/**
 * A game fed by real sources (kaijiang, hkjc, macaujc), primary first. Each is polled at its
 * own pace (fast around the draw, slow otherwise, backing off while it fails); what they say is
 * weighed (decide) and stored through the same conditional writes as every other source, ball
 * by ball. A game whose feeds all fail keeps what it has; its draw shows as delayed.
 */
export function createFeedSource(ctx: SourceContext): DrawSource {
  const { repos, service, log, clock, monotonic } = ctx;
  const runs = new Map<number, GameRun>();
  const fast = Math.max(ctx.upstreamPollMs, 50);
  const poll = createPolling(ctx, fast);

  function runFor(game: Game, s: DrawSourceSettings): GameRun {
    const key = JSON.stringify([s.sources, game.drawTime, game.timezone]);
    const had = runs.get(game.id);
    if (had?.key === key) return had;
    const pollers: Poller[] = [];
    s.sources.forEach((entry, position) => {
      if (!isFeedKind(entry.kind)) return;
      const client = feedClientOf(entry, game, Math.min(5_000, Math.max(fast * 2, 500)));
      if (client)
        pollers.push({
          position,
          kind: entry.kind,
          url: entry.url ?? '',
          client,
          nextAt: 0,
          failures: 0,
        });
    });
    const run: GameRun = {
      key,
      pollers,
      delayed: new Set(),
      lastFillAt: -Infinity,
      upcomingKey: '',
      prizesTaken: new Set(),
    };
    runs.set(game.id, run);
    return run;
  }

  const openDraw = async (gameId: number) =>
    (await repos.draws.newestWithStatus(gameId, 'drawing')) ??
    (await repos.draws.newestWithStatus(gameId, 'disputed')) ??
    (await repos.draws.newestWithStatus(gameId, 'waiting'));

  const record = (
    game: Game,
    d: FeedDraw,
    kind: DrawOrigin,
    numbers: string[],
    status: DrawRecord['status'],
  ): DrawRecord => ({
    gameId: game.id,
    issue: d.issue,
    drawAt: d.drawAt,
    year: zonedParts(new Date(d.drawAt), game.timezone).year,
    status,
    numbers,
    source: kind,
  });

  /** Draws the feed has that we lack (after an outage, after switching from the simulator). */
  async function fill(game: Game, run: GameRun): Promise<void> {
    const t = monotonic();
    if (t - run.lastFillAt < FILL_RETRY_MS) return;
    const missing = run.pollers.some((p) => p.latest?.draws.some((d) => d.complete));
    if (!missing) return;
    const newest = await repos.draws.newestWithStatus(game.id, 'done');
    const newestFeed = run.pollers.flatMap((p) => p.latest?.draws ?? []).find((d) => d.complete);
    if (newest && newestFeed && newest.drawAt >= newestFeed.drawAt) return;
    const from = newest
      ? new Date(Date.parse(newest.drawAt) + 1)
      : new Date(clock() - FILL_BACK_MS);
    for (const p of run.pollers.filter((x) => x.latest)) {
      try {
        run.lastFillAt = t;
        // What the latest answers hold is taken ball by ball (applyIssue), not filled.
        const live = new Set(
          run.pollers.flatMap((x) => (x.latest?.draws ?? []).map((d) => d.issue)),
        );
        const until = new Date(clock() + CLOCK_SKEW_MS);
        const draws = (await p.client.since(from, until, FILL_MAX)).filter(
          (d) => !live.has(d.issue),
        );
        const rows = draws.map((d) => record(game, d, p.kind, d.numbers, 'done'));
        const added = await repos.draws.insertMany(rows);
        if (hasPrizeRecord(game.id)) {
          const prizes = draws.flatMap((d) =>
            d.prizes ? [{ issue: d.issue, drawAt: d.drawAt, record: d.prizes }] : [],
          );
          await repos.prizes.putMany(game.id, prizes, new Date(clock()).toISOString());
        }
        if (added > 0) {
          service.invalidate(game.id);
          log.info({ gameId: game.id, feed: p.kind, draws: added }, 'filled draws from the feed');
          run.lastFillAt = -Infinity;
        }
        return;
      } catch (err) {
        log.warn({ err, gameId: game.id, feed: p.kind }, 'filling from the feed failed');
      }
    }
  }

  /** Stores the draw up to `numbers` one ball at a time, publishing each. */
  async function follow(
    local: DrawRecord,
    numbers: string[],
    complete: boolean,
    kind: DrawOrigin,
  ): Promise<void> {
    let cur = local;
    const prefix = cur.numbers.every((n, i) => numbers[i] === n);
    if (!prefix) {
      if (!complete) return;
      const next = { numbers, status: 'done' as const, source: kind };
      if (await repos.draws.advance(cur, cur.numbers, next))
        await service.changed({ ...cur, ...next });
      return;
    }
    while (cur.numbers.length < numbers.length) {
      const next = numbers.slice(0, cur.numbers.length + 1);
      const status =
        complete && next.length === numbers.length && next.length === 7 ? 'done' : 'drawing';
      if (!(await repos.draws.advance(cur, cur.numbers, { numbers: next, status, source: kind })))
        return;
      cur = { ...cur, numbers: next, status, source: kind };
      await service.changed(cur);
    }
    if (cur.status !== 'done' && complete && cur.numbers.length === 7) {
      if (
        await repos.draws.advance(cur, cur.numbers, {
          numbers: cur.numbers,
          status: 'done',
          source: kind,
        })
      )
        await service.changed({ ...cur, status: 'done' });
    } else if (cur.status === 'disputed' && !complete) {
      if (await repos.draws.advance(cur, cur.numbers, { numbers: cur.numbers, status: 'drawing' }))
        await service.changed({ ...cur, status: 'drawing' });
    }
  }

  async function takePrizes(game: Game, run: GameRun, obs: Observation[]): Promise<void> {
    if (!hasPrizeRecord(game.id)) return;
    const o = obs.find((x) => x.draw.complete && x.draw.prizes);
    if (!o?.draw.prizes) return;
    const key = `${o.draw.issue}\n${JSON.stringify(o.draw.prizes)}`;
    if (run.prizesTaken.has(key)) return;
    const stored = await repos.prizes.get(game.id, o.draw.issue);
    const { updatedAt: _, ...storedInput } = stored ?? { updatedAt: '' };
    if (!stored || JSON.stringify(storedInput) !== JSON.stringify(o.draw.prizes)) {
      await repos.prizes.put(game.id, o.draw, o.draw.prizes, new Date(clock()).toISOString());
      service.prizesChanged(game.id);
    }
    if (run.prizesTaken.size > 64) run.prizesTaken.clear();
    run.prizesTaken.add(key);
  }

  async function lags(game: Game, obs: Observation[]): Promise<void> {
    const now = clock();
    for (const o of obs) {
      const lag = now - Date.parse(o.draw.drawAt);
      if (!o.draw.complete || lag < 0 || lag > LAG_WINDOW_MS) continue;
      await repos.feeds.addLag(game.id, o.position, o.draw.issue, Math.round(lag / 1000));
    }
  }

  async function dispute(
    game: Game,
    issue: string,
    obs: Observation[],
    against?: DrawRecord,
  ): Promise<void> {
    const candidates = obs.map((o) => ({
      position: o.position,
      kind: o.kind,
      numbers: o.draw.numbers,
    }));
    if (against)
      candidates.unshift({
        position: -1,
        kind: against.source ?? 'stored',
        numbers: against.numbers,
      });
    const had = await repos.feeds.dispute(game.id, issue);
    if (had?.settledAt) return;
    if (!had || JSON.stringify(had.candidates) !== JSON.stringify(candidates)) {
      log.warn({ gameId: game.id, issue, candidates }, 'feeds disagree on a draw');
      await repos.feeds.openDispute(game.id, issue, candidates, new Date(clock()).toISOString());
    }
  }

  async function applyIssue(
    game: Game,
    s: DrawSourceSettings,
    run: GameRun,
    issue: string,
  ): Promise<void> {
    const obs: Observation[] = [];
    for (const p of run.pollers) {
      const draw = p.latest?.draws.find((d) => d.issue === issue);
      if (draw) obs.push({ position: p.position, kind: p.kind, draw });
    }
    if (obs.length === 0) return;
    const local = await repos.draws.get(game.id, issue);
    const now = clock();
    const first = obs[0]!.draw;
    checkAttributes(log, game.id, obs);
    if (local?.status === 'done') {
      const mine = { ...first, numbers: local.numbers, complete: true, ordered: true };
      const against = obs.filter((o) => o.draw.complete && !agree(mine, o.draw));
      // A published result changes only by an operator's choice: a feed's other numbers wait.
      if (against.length > 0) await dispute(game, issue, against, local);
      await takePrizes(game, run, obs);
      await lags(game, obs);
      return;
    }
    const decision = decide(obs, now - Date.parse(first.drawAt), s.graceS * 1000);
    if (decision.kind === 'wait') return;
    let cur = local;
    if (!cur) {
      // The schedule's guess at this draw's number goes when the feed numbers it otherwise.
      const open = await openDraw(game.id);
      if (
        open &&
        open.numbers.length === 0 &&
        open.issue !== issue &&
        Math.abs(Date.parse(open.drawAt) - Date.parse(first.drawAt)) < 86_400_000
      )
        await repos.draws.deleteEmpty(game.id, open.issue);
      const kind = decision.kind === 'publish' ? decision.from.kind : obs[0]!.kind;
      cur = record(game, first, kind as DrawOrigin, [], 'waiting');
      if (!(await repos.draws.insert(cur))) return;
    }
    if (decision.kind === 'dispute') {
      await dispute(game, issue, decision.candidates);
      if (cur.status !== 'disputed' || cur.numbers.join() !== decision.shared.join()) {
        const next = { numbers: decision.shared, status: 'disputed' as const };
        if (await repos.draws.advance(cur, cur.numbers, next))
          await service.changed({ ...cur, ...next });
      }
      return;
    }
    await follow(cur, decision.numbers, decision.complete, decision.from.kind as DrawOrigin);
    if (decision.complete) {
      await takePrizes(game, run, obs);
      await lags(game, obs);
    }
  }

  /** With nothing open, the schedule's next draw is stored as waiting once its time comes. */
  async function predict(game: Game, s: DrawSourceSettings): Promise<void> {
    if (await openDraw(game.id)) return;
    const newest = await repos.draws.newest(game.id);
    if (!newest) return;
    const at = drawAfter(game, new Date(newest.drawAt));
    if (at.getTime() > clock()) return;
    const draw: DrawRecord = {
      gameId: game.id,
      issue: followingIssue(game, newest, at),
      drawAt: at.toISOString(),
      year: zonedParts(at, game.timezone).year,
      status: 'waiting',
      numbers: [],
      source: s.sources[0]!.kind as DrawOrigin,
    };
    if (await repos.draws.insert(draw)) await service.changed(draw);
  }

  /** A draw without a result lateS after its time: announced once as delayed. */
  async function lateness(game: Game, s: DrawSourceSettings, run: GameRun): Promise<void> {
    const open = await openDraw(game.id);
    if (!open || open.numbers.length > 0 || open.status === 'disputed') return;
    const late = clock() - Date.parse(open.drawAt);
    if (late < s.lateS * 1000 || run.delayed.has(open.issue)) return;
    if (run.delayed.size > 64) run.delayed.clear();
    run.delayed.add(open.issue);
    log.warn(
      { gameId: game.id, issue: open.issue, lateS: Math.round(late / 1000) },
      'draw delayed: no feed has its result',
    );
    await service.changed(open);
  }

  async function upcoming(game: Game, run: GameRun): Promise<void> {
    const u = run.pollers.find((p) => p.latest?.upcoming)?.latest?.upcoming;
    if (!u) return;
    const value = {
      issue: u.issue,
      estimatedPrize: u.estimatedPrize,
      salesCloseAt: u.salesCloseAt,
    };
    const key = JSON.stringify(value);
    if (key === run.upcomingKey) return;
    await repos.feeds.putUpcoming(game.id, value, new Date(clock()).toISOString());
    run.upcomingKey = key;
    service.prizesChanged(game.id);
  }

  return {
    async step(game, settings) {
      const run = runFor(game, settings);
      if (run.pollers.length === 0) return SLOW_MS;
      const now = clock();
      // A simulator step that was under way at the switch may have written after its cleanup.
      const last = await repos.draws.newest(game.id);
      if (last?.source === 'simulator') {
        const removed = await repos.draws.deleteBySource(game.id, 'simulator');
        service.invalidate(game.id);
        log.info({ gameId: game.id, removed }, 'removed simulated draws written after the switch');
      }
      const open = await openDraw(game.id);
      const newest = open ?? (await repos.draws.newest(game.id));
      const nextAt = newest ? drawAfter(game, new Date(newest.drawAt)).getTime() : now;
      const sinceLast = newest ? now - Date.parse(newest.drawAt) : Infinity;
      const near = !!open || nextAt - now < NEAR_BEFORE_MS || sinceLast < NEAR_AFTER_MS;
      const t = monotonic();
      await Promise.all(run.pollers.filter((p) => p.nextAt <= t).map((p) => poll(game, p, near)));
      await fill(game, run);
      const issues = new Set(
        run.pollers.flatMap((p) => (p.latest?.draws ?? []).map((d) => d.issue)),
      );
      for (const issue of [...issues].sort()) await applyIssue(game, settings, run, issue);
      await upcoming(game, run);
      await predict(game, settings);
      await lateness(game, settings, run);
      const soonest = Math.min(...run.pollers.map((p) => p.nextAt));
      // Wake for the lateS mark too, so the delayed frame goes out on time.
      return Math.max(0, Math.min(soonest - monotonic(), near ? fast : SLOW_MS));
    },
  };
}
