// The draw service: a game's current state (snapshot, latest), its recent draws, calendar,
// searches and trends, each answer cached and dropped when a draw changes. The archive's reads
// are in archive.ts, the schedule's part of a snapshot in schedule-snapshot.ts, the service's
// contract in service-types.ts.
import {
  calendarMonth,
  CONFIG_KEYS,
  hasPrizeRecord,
  homeGames,
  isFeedKind,
  type DrawSnapshot,
  type Game,
  type PrizeRecord,
  type UpcomingDraw,
} from '@kaijiang/domain';
import { boundedCache } from '../../lib/bounded-cache.ts';
import { ok } from '../../lib/envelope.ts';
import { createHeavyLane } from '../../lib/heavy-lane.ts';
import { readyAnswer } from '../../lib/ready-answer.ts';
import type { DrawRecord } from '../../repositories/index.ts';
import { createDrawArchive } from './archive.ts';
import {
  createDrawCaches,
  CURRENT_TTL_MS,
  DERIVED_TTL_MS,
  GAME_CACHE_BYTES,
  GAME_CACHE_MAX,
  GAMES_TTL_MS,
  type Cached,
} from './caches.ts';
import { sameDraw, toDraw, toLatest } from './detail.ts';
import { createScheduleSnapshots } from './schedule-snapshot.ts';
import { createDrawSearch } from './search-memory.ts';
import { createSearchScan } from './search-scan.ts';
import {
  RECENT_MAX,
  type DrawService,
  type DrawServiceDeps,
  type ScheduledGame,
} from './service-types.ts';
import { createTrendBooks } from './trend-book.ts';

export {
  EXPORT_CHUNK_ROWS,
  EXPORT_MAX_ROWS,
  HISTORY_MAX_ROWS,
  RECENT_MAX,
  SEARCH_MAX_ROWS,
  STATS_WINDOW_MAX,
  type DrawService,
  type DrawServiceDeps,
  type ScheduledGame,
  type SearchQuery,
} from './service-types.ts';
export {
  CALENDAR_CACHE_MAX,
  DERIVED_CACHE_MAX,
  GAME_CACHE_MAX,
  HISTORY_PAGES_MAX,
  SEARCH_CACHE_BYTES,
  SEARCH_CACHE_MAX,
} from './caches.ts';

export function createDrawService({ repos, hub, changes, clock, log, lane }: DrawServiceDeps) {
  const heavy = lane ?? createHeavyLane({ concurrency: 1, maxWaiting: 512 });
  const trends = createTrendBooks({
    repos,
    heavy,
    clock,
    erasOf: async (gameId) => (await game(gameId))?.eras,
  });
  const finishedListeners = new Set<(draw: DrawRecord, game: Game) => Promise<void>>();
  let gamesCache: Cached<{ list: ScheduledGame[]; home: Game[] }> | undefined;
  // Each only grows, so a game's sum of the two never comes back to a value it had.
  let gamesGeneration = 0;
  let allGeneration = 0;
  const gameGenerations = new Map<number, number>();
  /** A change to `gameId`'s latest answer, or (no game, or past a bound) to every game's. */
  function changedLatest(gameId?: number): void {
    allGeneration += 1;
    if (gameId !== undefined && (gameGenerations.has(gameId) || gameGenerations.size < 4_096)) {
      gameGenerations.set(gameId, (gameGenerations.get(gameId) ?? 0) + 1);
    } else {
      gamesGeneration += 1;
    }
  }
  const caches = createDrawCaches();
  const { calendars, current, currentPrizes, recentCache, derived, historyPages, searches } =
    caches;
  const scan = createSearchScan({ repos, heavy });
  // What the official feed says of the next draw (hkjc): its estimated first prize, sales close.
  const upcomingCache = boundedCache<number, Cached<UpcomingDraw | undefined>>({
    max: GAME_CACHE_MAX,
    maxBytes: GAME_CACHE_BYTES,
    ttlMs: DERIVED_TTL_MS,
  });
  const hubSubscriptions = new Map<number, () => void>();
  const fresh = <T>(c: Cached<T> | undefined, ttl: number): c is Cached<T> =>
    c !== undefined && clock() - c.at < ttl && clock() >= c.at;
  const schedule = createScheduleSnapshots(clock);
  const { nextAfter, dueDraw, snapshotOf } = schedule;
  const archive = createDrawArchive({ repos, heavy, clock, log, derived, fresh, game });
  const searching = createDrawSearch({
    repos,
    scan,
    trends,
    searches,
    derived,
    fresh,
    clock,
  });

  const unsubscribeChanges = changes.subscribe((topic) => {
    if (topic === 'games' || topic === 'config') {
      gamesCache = undefined;
      changedLatest();
      schedule.forget();
      calendars.clear();
    }
  });

  async function loadGames() {
    if (fresh(gamesCache, GAMES_TTL_MS)) return gamesCache.value;
    const [games, changes, earlier, sources] = await Promise.all([
      repos.games.list(),
      repos.calendar.all(),
      repos.calendar.earlierDays(),
      repos.drawSources.list(),
    ]);
    const fed = new Map(
      sources.filter((s) => isFeedKind(s.source)).map((s) => [s.gameId, s.lateS] as const),
    );
    const list: ScheduledGame[] = games.map((g) => ({
      ...g,
      ...(changes.has(g.id) && { changes: changes.get(g.id) }),
      ...(earlier.has(g.id) && { earlierDays: earlier.get(g.id) }),
      ...(fed.has(g.id) && { lateS: fed.get(g.id) }),
    }));
    const home = homeGames(list, await repos.config.get(CONFIG_KEYS.homeLotterySetting));
    gamesCache = { value: { list, home }, at: clock() };
    changedLatest();
    return gamesCache.value;
  }

  async function game(gameId: number) {
    return (await loadGames()).list.find((g) => g.id === gameId);
  }

  function dropFinished(gameId: number) {
    recentCache.delete(gameId);
    const prefix = `${gameId}:`;
    for (const cache of [derived, historyPages, searches]) {
      for (const key of [...cache.keys()]) {
        if (key.startsWith(prefix)) cache.delete(key);
      }
    }
  }

  async function prizesOfLatest(gameId: number, issue: string): Promise<PrizeRecord | undefined> {
    const cached = currentPrizes.get(gameId);
    if (fresh(cached, CURRENT_TTL_MS) && cached.value.issue === issue) return cached.value.record;
    const record = await repos.prizes.get(gameId, issue);
    const was = cached?.value;
    if (!was || was.issue !== issue || was.record?.updatedAt !== record?.updatedAt) {
      changedLatest(gameId);
    }
    currentPrizes.set(gameId, { value: { issue, record }, at: clock() });
    return record;
  }

  /** What the official feed announced of the draw to come (not of one already drawn). */
  async function upcomingOf(gameId: number, s: DrawSnapshot): Promise<UpcomingDraw | undefined> {
    let cached = upcomingCache.get(gameId);
    const was = cached?.value;
    if (!fresh(cached, CURRENT_TTL_MS)) {
      const value = await repos.feeds.upcoming(gameId);
      if (JSON.stringify(was) !== JSON.stringify(value)) changedLatest(gameId);
      cached = { value, at: clock() };
      upcomingCache.set(gameId, cached);
    }
    const u = cached.value;
    if (!u || (s.status === 'done' && u.issue <= s.issue) || u.issue < s.issue) return undefined;
    return u;
  }

  function invalidate(gameId: number) {
    current.delete(gameId);
    currentPrizes.delete(gameId);
    upcomingCache.delete(gameId);
    changedLatest(gameId);
    dropFinished(gameId);
    trends.drop(gameId);
  }

  /** Draws written by another instance reach us through the hub (Redis): forget stale answers. */
  function followHub(gameId: number) {
    if (hubSubscriptions.has(gameId)) return;
    const off = hub.subscribe(gameId, (s) => {
      const mine = current.get(gameId)?.value;
      const same =
        mine &&
        mine.issue === s.issue &&
        mine.status === s.status &&
        mine.numbers.length === s.numbers.length;
      if (same) return;
      current.delete(gameId);
      changedLatest(gameId);
      if (s.status === 'done') {
        dropFinished(gameId);
        trends.finished(gameId);
      }
    });
    hubSubscriptions.set(gameId, off);
  }

  async function currentDraw(gameId: number): Promise<DrawRecord | null> {
    const cached = current.get(gameId);
    const was = cached?.value;
    if (fresh(cached, CURRENT_TTL_MS)) return cached.value;
    followHub(gameId);
    const value =
      (await repos.draws.newestWithStatus(gameId, 'drawing')) ??
      (await repos.draws.newestWithStatus(gameId, 'disputed')) ??
      (await repos.draws.newestWithStatus(gameId, 'waiting')) ??
      (await repos.draws.newestWithStatus(gameId, 'done')) ??
      null;
    // Read again when its time is up: a change only if the draw is another or moved on.
    if (!sameDraw(was, value)) changedLatest(gameId);
    current.set(gameId, { value, at: clock() });
    return value;
  }

  async function snapshot(gameId: number): Promise<DrawSnapshot | null> {
    const g = await game(gameId);
    if (!g) return null;
    const d = await currentDraw(gameId);
    if (d) return snapshotOf(g, dueDraw(g, d) ?? d);
    const now = clock();
    const n = nextAfter(g, now);
    const drawAt = new Date(n.at).toISOString();
    return {
      gameId,
      issue: n.issue,
      status: 'waiting',
      numbers: [],
      drawAt,
      nextIssue: n.issue,
      nextDrawAt: drawAt,
      serverTime: new Date(now).toISOString(),
    };
  }

  const service: DrawService = {
    clock,
    snapshot,
    async recent(gameId, limit) {
      const n = Math.max(0, Math.min(RECENT_MAX, Math.floor(limit)));
      // The live socket's 69 takes any id a visitor sends: an unknown one is answered, not kept.
      if (!(await game(gameId))) return [];
      let cached = recentCache.get(gameId);
      if (!fresh(cached, DERIVED_TTL_MS)) {
        const rows = await repos.draws.pageDone(gameId, { limit: RECENT_MAX });
        cached = { value: rows.map(toDraw), at: clock() };
        recentCache.set(gameId, cached);
      }
      return cached.value.slice(0, n);
    },
    async gameExists(gameId) {
      return (await game(gameId)) !== undefined;
    },
    game,
    async calendar(gameId, month) {
      const g = await game(gameId);
      if (!g) return null;
      const key = `${gameId}:${month}`;
      let days = calendars.get(key);
      if (!fresh(days, GAMES_TTL_MS)) {
        days = { value: calendarMonth(g, month), at: clock() };
        calendars.set(key, days);
      }
      const n = nextAfter(g, clock());
      return {
        gameId,
        month,
        timezone: g.timezone,
        days: days.value,
        next: { issue: n.issue, drawAt: new Date(n.at).toISOString() },
      };
    },
    async games() {
      return (await loadGames()).list;
    },
    async homeGames() {
      return (await loadGames()).home;
    },
    async latest(gameId) {
      const s = await snapshot(gameId);
      if (!s) return null;
      const latest = toLatest(s);
      if (!hasPrizeRecord(gameId)) return latest;
      const upcoming = await upcomingOf(gameId, s);
      const withUpcoming = upcoming ? { ...latest, upcoming } : latest;
      if (s.status !== 'done') return withUpcoming;
      const prizes = await prizesOfLatest(gameId, s.issue);
      return prizes ? { ...withUpcoming, prizes } : withUpcoming;
    },
    history: archive.history,
    async historyAnswer(gameId, q) {
      const key = `${gameId}:history:${q.year ?? 'all'}:${q.page}:${q.pageSize}`;
      const cached = historyPages.get(key);
      if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
      const answer = readyAnswer(ok(await service.history(gameId, q)));
      historyPages.set(key, { value: answer, at: clock() });
      return answer;
    },
    draw: archive.draw,
    exportCsv: archive.exportCsv,
    stats: archive.stats,
    snapshotOf,
    search: searching.search,
    // Oldest first, like the export: what the import reads back.
    searchCsv: (g, q) => scan.csv(g, q),
    trend: (gameId, kind, limit) => trends.table(gameId, kind, limit),
    trendAnswer: (gameId, kind, limit) => trends.answer(gameId, kind, limit),
    async changed(draw) {
      current.delete(draw.gameId);
      changedLatest(draw.gameId);
      if (draw.status === 'done') {
        dropFinished(draw.gameId);
        trends.finished(draw.gameId, draw);
      }
      const g = await game(draw.gameId);
      if (!g) return;
      try {
        await hub.publish(snapshotOf(g, draw));
      } catch (err) {
        // Stored already: visitors catch up on their next subscribe or the next ball.
        log.error({ err, gameId: draw.gameId, issue: draw.issue }, 'publishing a draw failed');
      }
      if (draw.status !== 'done') return;
      for (const listener of finishedListeners) {
        try {
          await listener(draw, g);
        } catch (err) {
          log.error(
            { err, gameId: draw.gameId, issue: draw.issue },
            'a finished-draw listener failed',
          );
        }
      }
    },
    onFinished(listener) {
      finishedListeners.add(listener);
      return () => finishedListeners.delete(listener);
    },
    invalidate,
    generation: (gameId) =>
      gameId === undefined ? allGeneration : gamesGeneration + (gameGenerations.get(gameId) ?? 0),
    prizesChanged(gameId) {
      currentPrizes.delete(gameId);
      upcomingCache.delete(gameId);
      changedLatest(gameId);
      dropFinished(gameId);
    },
    cacheSizes: caches.sizes,
    cacheBytes: () => ({ ...caches.bytes(), trends: trends.bytes() }),
    close() {
      unsubscribeChanges();
      for (const off of hubSubscriptions.values()) off();
      hubSubscriptions.clear();
    },
  };
  return service;
}
