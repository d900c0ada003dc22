// What the draw service offers (services/draws/service.ts builds it) and the limits its answers keep to.
import {
  EXPORT_MAX_ROWS,
  type BallScope,
  type CalendarChange,
  type Draw,
  type DrawCalendar,
  type DrawDetail,
  type DrawHistoryPage,
  type DrawSearchPage,
  type DrawSnapshot,
  type DrawStats,
  type DrawTrend,
  type EarlierDays,
  type Game,
  type LatestDraw,
  type TrendKind,
} from '@kaijiang/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import type { HeavyLane } from '../../lib/heavy-lane.ts';
import type { ReadyAnswer } from '../../lib/ready-answer.ts';
import type { LiveHub } from '../live/live-hub.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import type { Clock } from './clock.ts';
import { SEARCH_MAX_ROWS, type SearchQuery } from './search-scan.ts';

export const RECENT_MAX = 50;
export const STATS_WINDOW_MAX = 1000;
export { EXPORT_MAX_ROWS };
/** History pages reaching past this many rows take their turn in the lane (lib/heavy-lane.ts). */
export const DEEP_PAGE_ROWS = 5_000;
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
