import {
  maxNumberOf,
  type DrawSearchPage,
  type DrawTrend,
  type TrendKind,
  CONFIG_KEYS,
  distribution,
  EXPORT_MAX_ROWS,
  frequency,
  homeGames,
  hotCold,
  issueOf,
  drawAfter,
  followingIssue,
  missing,
  nextDrawAt,
  type BallScope,
  type Draw,
  type DrawDetail,
  type DrawHistoryPage,
  type DrawSnapshot,
  type DrawStats,
  type Game,
  type LatestDraw,
  type PrizeRecord,
  hasPrizeRecord,
  calendarMonth,
  type CalendarChange,
  type EarlierDays,
  type DrawCalendar,
  type UpcomingDraw,
  isFeedKind,
  zonedParts,
} from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../lib/change-feed.ts';
import { AppError } from '../lib/errors.ts';
import { createHeavyLane, type HeavyLane } from '../lib/heavy-lane.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { DrawRecord, Repositories } from '../repositories/index.ts';
import type { Clock } from './clock.ts';
import { CSV_HEADER, csvLine } from './csv.ts';
import { toDetail, toDraw, toLatest } from './detail.ts';
import { boundedCache } from '../lib/bounded-cache.ts';
import {
  createDrawCaches,
  CURRENT_TTL_MS,
  DERIVED_TTL_MS,
  GAME_CACHE_BYTES,
  GAME_CACHE_MAX,
  GAMES_TTL_MS,
  type Cached,
} from './caches.ts';
import {
  createSearchScan,
  SEARCH_MAX_ROWS,
  type SearchMap,
  type SearchQuery,
} from './search-scan.ts';
import { createTrendBooks } from './trend-book.ts';
import { createHistoryKeys, KEYSET_FROM_ROWS } from './history-keys.ts';
import { readyAnswer, type ReadyAnswer } from '../lib/ready-answer.ts';
import { ok } from '../lib/envelope.ts';

export const RECENT_MAX = 50;
export const STATS_WINDOW_MAX = 1000;
export { EXPORT_MAX_ROWS };
/** History pages reaching past this many rows take their turn in the lane (lib/heavy-lane.ts). */
const DEEP_PAGE_ROWS = 5_000;
/**
 * How far one history request may page: a page is read by walking the index to its offset, and
 * past this it costs more than a visitor may make others wait. A year of any game fits; beyond
 * it, ask by year.
 */
export const HISTORY_MAX_ROWS = 110_000;
export { SEARCH_MAX_ROWS, type SearchQuery };
/** Rows read per turn of the event loop while exporting (a few milliseconds of work). */
export const EXPORT_CHUNK_ROWS = 500;

export {
  CALENDAR_CACHE_MAX,
  DERIVED_CACHE_MAX,
  GAME_CACHE_MAX,
  HISTORY_PAGES_MAX,
  SEARCH_CACHE_BYTES,
  SEARCH_CACHE_MAX,
} from './caches.ts';

/** A game with the exceptions to its schedule, which every schedule function then follows. */
export type ScheduledGame = Game & {
  changes?: readonly CalendarChange[];
  earlierDays?: readonly EarlierDays[];
  /** Fed by a real source: a draw without a result `lateS` seconds after its time is delayed. */
  lateS?: number;
};

export interface DrawService {
  /** The clock every draw decision reads (injectable in tests). */
  readonly clock: Clock;
  /**
   * The game's current state: the draw under way (waiting for its first ball, or drawing), else
   * the latest finished one, else the next scheduled one as `waiting`.
   */
  snapshot(gameId: number): Promise<DrawSnapshot | null>;
  /** Finished draws, newest first, at most 50. */
  recent(gameId: number, limit: number): Promise<Draw[]>;
  gameExists(gameId: number): Promise<boolean>;
  game(gameId: number): Promise<ScheduledGame | undefined>;
  /** A month (YYYY-MM) of a game's draw calendar; null for an unknown game. */
  calendar(gameId: number, month: string): Promise<DrawCalendar | null>;
  /** Active games in display order. */
  games(): Promise<Game[]>;
  /** The games of home_lottery_setting, in its order. */
  homeGames(): Promise<Game[]>;
  latest(gameId: number): Promise<LatestDraw | null>;
  history(
    gameId: number,
    q: { year?: number; page: number; pageSize: number },
  ): Promise<DrawHistoryPage>;
  /**
   * The history page as ready bytes, kept until a draw of the game finishes (here or, through
   * the hub, on another instance) or for DERIVED_TTL_MS: at draw time everyone asks for the
   * same first pages.
   */
  historyAnswer(
    gameId: number,
    q: { year?: number; page: number; pageSize: number },
  ): Promise<ReadyAnswer>;
  draw(gameId: number, issue: string): Promise<DrawDetail | null>;
  /**
   * Finished draws as CSV text (header first), oldest first, read in chunks with a turn of the
   * event loop between two. Throws a 400 AppError when the selection exceeds EXPORT_MAX_ROWS.
   */
  exportCsv(gameId: number, year?: number): Promise<AsyncIterable<string>>;
  stats(gameId: number, window: number, scope?: BallScope): Promise<DrawStats>;
  /** Finished draws matching a search (docs/architecture.md §11), newest first, a page of them. */
  search(game: Game, q: SearchQuery & { page: number; pageSize: number }): Promise<DrawSearchPage>;
  /** Every match of a search as CSV (the export's columns), oldest first. */
  searchCsv(game: Game, q: SearchQuery): Promise<AsyncIterable<string>>;
  /** A trend chart of the game's last `limit` finished draws (docs/architecture.md §11). */
  trend(gameId: number, kind: TrendKind, limit: number): Promise<DrawTrend>;
  /** The same chart as ready bytes (the route's answer). */
  trendAnswer(gameId: number, kind: TrendKind, limit: number): Promise<ReadyAnswer>;
  /**
   * The snapshot a stored draw makes (its next draw and the server time added); a fed game's
   * draw still without a ball lateS after its time is `delayed`.
   */
  snapshotOf(game: ScheduledGame, draw: DrawRecord): DrawSnapshot;
  /** Call after storing a change to a draw: drops caches, then publishes to every visitor. */
  changed(draw: DrawRecord): Promise<void>;
  /**
   * Called by the writer each time one of its draws is stored finished (a draw, a correction, a
   * late result): the push sender queues a job there. Returns the way to stop listening.
   */
  onFinished(listener: (draw: DrawRecord, game: Game) => Promise<void>): () => void;
  /** Drops what is cached of a game (bulk inserts: history, import). */
  invalidate(gameId: number): void;
  /**
   * Counts the changes to what a game's latest answer is made of (its current draw, its prizes,
   * the games), each time one is read again or dropped; without a game, of every game's. While
   * it stays the same, a latest answer made before is still right but for its clock.
   */
  generation(gameId?: number): number;
  /** Call after storing a prize record: the pages that show the draw are built again. */
  prizesChanged(gameId: number): void;
  /** Entries held by each cache (tests and metrics). */
  cacheSizes(): {
    current: number;
    recent: number;
    derived: number;
    historyPages: number;
    searches: number;
  };
  /** Bytes held by each cache, as each counts them against its bound (tests and metrics). */
  cacheBytes(): Record<
    | 'calendars'
    | 'current'
    | 'currentPrizes'
    | 'recent'
    | 'derived'
    | 'historyPages'
    | 'searches'
    | 'trends',
    number
  >;
  close(): void;
}

export interface DrawServiceDeps {
  repos: Repositories;
  hub: LiveHub;
  changes: ChangeFeed;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where big reads wait their turn (default: one at a time, as node:sqlite needs). */
  lane?: HeavyLane;
}

export function createDrawService({ repos, hub, changes, clock, log, lane }: DrawServiceDeps) {
  const heavy = lane ?? createHeavyLane({ concurrency: 1, maxWaiting: 512 });
  const trends = createTrendBooks({
    repos,
    heavy,
    clock,
    erasOf: async (gameId) => (await game(gameId))?.eras,
  });
  const finishedListeners = new Set<(draw: DrawRecord, game: Game) => Promise<void>>();
  const historyKeys = createHistoryKeys({
    repos,
    heavy,
    onError: (err) => log.warn({ err }, 'history keys could not be read; paging by offset'),
  });
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
  // One mapping per search at a time: the same search asked again meanwhile waits for it.
  const mapping = new Map<string, Promise<SearchMap>>();
  const scan = createSearchScan({ repos, heavy });
  // What the official feed says of the next draw (hkjc): its estimated first prize, sales close.
  const upcomingCache = boundedCache<number, Cached<UpcomingDraw | undefined>>({
    max: GAME_CACHE_MAX,
    maxBytes: GAME_CACHE_BYTES,
    ttlMs: DERIVED_TTL_MS,
  });
  // Keyed by games that exist (snapshotOf and followHub only see known games).
  const next = new Map<number, { from: number; stored?: number; at: number; issue: string }>();
  const hubSubscriptions = new Map<number, () => void>();
  const fresh = <T>(c: Cached<T> | undefined, ttl: number): c is Cached<T> =>
    c !== undefined && clock() - c.at < ttl && clock() >= c.at;

  const unsubscribeChanges = changes.subscribe((topic) => {
    if (topic === 'games' || topic === 'config') {
      gamesCache = undefined;
      changedLatest();
      next.clear();
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

  /** A draw's detail with its prize record, for the games that have one. */
  async function withPrizes(gameId: number, rows: DrawRecord[]): Promise<DrawDetail[]> {
    const items = rows.map(toDetail);
    if (!hasPrizeRecord(gameId) || rows.length === 0) return items;
    const found = await repos.prizes.forIssues(
      gameId,
      rows.map((r) => r.issue),
    );
    return items.map((d) => {
      const prizes = found.get(d.issue);
      return prizes ? { ...d, prizes } : d;
    });
  }

  /** Where a search's matches are (search-scan.ts), mapped once and shared by its pages. */
  async function searchMap(g: Game, q: SearchQuery): Promise<SearchMap> {
    const { numbers, position, zodiac, from, to } = q;
    const key = [g.id, 'search', numbers.join('.'), position, zodiac, from, to].join(':');
    const cached = searches.get(key);
    if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
    let pending = mapping.get(key);
    if (!pending) {
      pending = scan.map(g, q).finally(() => mapping.delete(key));
      mapping.set(key, pending);
      const value = await pending;
      searches.set(key, { value, at: clock() });
      return value;
    }
    return pending;
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

  const sameDraw = (a: DrawRecord | null | undefined, b: DrawRecord | null) =>
    a === b ||
    (!!a &&
      !!b &&
      a.issue === b.issue &&
      a.status === b.status &&
      a.drawAt === b.drawAt &&
      a.numbers.join() === b.numbers.join());

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

  async function memo<T>(key: string, load: () => Promise<T>): Promise<T> {
    const cached = derived.get(key) as Cached<T> | undefined;
    if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
    const value = await heavy.run(load);
    derived.set(key, { value, at: clock() });
    return value;
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
    async history(gameId, { year, page, pageSize }) {
      if (page * pageSize > HISTORY_MAX_ROWS) {
        const most = Math.floor(HISTORY_MAX_ROWS / pageSize);
        throw new AppError(400, 'REQ/INVALID', '页码过大，请按年份查询', {
          page: `不能大于 ${most}`,
        });
      }
      const offset = (page - 1) * pageSize;
      const countAll = () =>
        memo(`${gameId}:count:all`, () => repos.draws.countDone(gameId, undefined));
      // A deep page starts at its key (history-keys.ts); until the keys are in, and for the
      // first pages, OFFSET does: those cost less than a lane turn, deep ones take one.
      const read = async () => {
        const start =
          offset >= KEYSET_FROM_ROWS
            ? historyKeys.start(gameId, year, offset, await countAll())
            : null;
        if (start) return repos.draws.pageDoneFrom(gameId, { year, ...start, limit: pageSize });
        const rows = () => repos.draws.pageDone(gameId, { year, limit: pageSize, offset });
        return page * pageSize > DEEP_PAGE_ROWS ? heavy.run(rows) : rows();
      };
      const [rows, total, years] = await Promise.all([
        read(),
        year === undefined
          ? countAll()
          : memo(`${gameId}:count:${year}`, () => repos.draws.countDone(gameId, year)),
        memo(`${gameId}:years`, () => repos.draws.yearsDone(gameId)),
      ]);
      return { items: await withPrizes(gameId, rows), page, pageSize, total, years };
    },
    async historyAnswer(gameId, q) {
      const key = `${gameId}:history:${q.year ?? 'all'}:${q.page}:${q.pageSize}`;
      const cached = historyPages.get(key);
      if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
      const answer = readyAnswer(ok(await service.history(gameId, q)));
      historyPages.set(key, { value: answer, at: clock() });
      return answer;
    },
    async draw(gameId, issue) {
      const d = await repos.draws.get(gameId, issue);
      return d ? ((await withPrizes(gameId, [d]))[0] ?? null) : null;
    },
    async exportCsv(gameId, year) {
      const rows = await memo(`${gameId}:count:${year ?? 'all'}`, () =>
        repos.draws.countDone(gameId, year),
      );
      if (rows > EXPORT_MAX_ROWS) {
        throw new AppError(400, 'REQ/INVALID', '导出范围过大，请按年份导出', {
          year: '请选择年份',
        });
      }
      async function* csv() {
        yield `${CSV_HEADER}\n`;
        let after: { drawAt: string; issue: string } | undefined;
        for (;;) {
          const text = await heavy.run(async () => {
            const chunk = await repos.draws.chunkDone(gameId, {
              year,
              after,
              limit: EXPORT_CHUNK_ROWS,
            });
            after = chunk.at(-1);
            return chunk.map((d) => `${csvLine(d)}\n`).join('');
          });
          if (text === '') return;
          yield text;
        }
      }
      return csv();
    },
    stats(gameId, window, scope = 'all') {
      return memo(`${gameId}:stats:${window}:${scope}`, async () => {
        const eras = (await game(gameId))?.eras;
        const draws = (await repos.draws.pageDone(gameId, { limit: window })).map((d) => ({
          ...d,
          maxNumber: maxNumberOf(eras, d.issue),
        }));
        const hc = hotCold(draws, window, 10, scope);
        return {
          gameId,
          window: draws.length,
          scope,
          from: draws.at(-1)?.issue ?? null,
          to: draws[0]?.issue ?? null,
          frequency: frequency(draws, scope),
          missing: missing(draws, scope),
          hot: hc.hot,
          cold: hc.cold,
          distributions: {
            colour: distribution(draws, 'colour', scope),
            zodiac: distribution(draws, 'zodiac', scope),
            element: distribution(draws, 'element', scope),
            size: distribution(draws, 'size', scope),
            parity: distribution(draws, 'parity', scope),
          },
        };
      });
    },
    snapshotOf,
    async search(g, { page, pageSize, ...q }) {
      const found = await searchMap(g, q);
      const rows = await scan.page(g, q, found, (page - 1) * pageSize, pageSize);
      return {
        items: rows.map(toDetail),
        page,
        pageSize,
        total: found.hitsBefore[found.hitsBefore.length - 1]!,
        scanned: found.rows,
      };
    },
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
