// The draw service's caches (service.ts), each bounded by entries and bytes and let go when its
// time is up (lib/bounded-cache.ts).
import type { CalendarDay, Draw, PrizeRecord } from '@kaijiang/domain';
import { approxBytes, boundedCache, readyAnswerBytes } from '../../lib/bounded-cache.ts';
import type { ReadyAnswer } from '../../lib/ready-answer.ts';
import type { DrawRecord } from '../../repositories/index.ts';
import { searchMapBytes, type SearchMap } from './search-scan.ts';

// Another instance (or the import CLI) may write draws this one hears nothing about without
// Redis; these lifetimes bound how stale each cached answer can be.
export const CURRENT_TTL_MS = 2_000;
export const DERIVED_TTL_MS = 60_000;
export const GAMES_TTL_MS = 30_000;

// Keys come from visitors (game ids, years, stats windows, searches), so each cache holds a
// bounded number of entries and of bytes (lib/bounded-cache.ts), least recently used dropped
// first, and lets each go when its time is up. Unknown games never get an entry at all.
/** Per-game caches: far more games than any deployment runs. */
export const GAME_CACHE_MAX = 256;
export const GAME_CACHE_BYTES = 4 * 1024 * 1024;
/** Counts, year lists and stats answers (a stats answer is a few KB). */
export const DERIVED_CACHE_MAX = 1024;
export const DERIVED_CACHE_BYTES = 16 * 1024 * 1024;
/** History pages kept as ready bytes (about 3 KB of JSON each, and its codings). */
export const HISTORY_PAGES_MAX = 512;
export const HISTORY_PAGES_BYTES = 16 * 1024 * 1024;
/** Search maps (search-scan.ts): tens of KB each, whatever the range. */
export const SEARCH_CACHE_MAX = 256;
export const SEARCH_CACHE_BYTES = 8 * 1024 * 1024;
/** Months of calendars kept (visitors pick the month). */
export const CALENDAR_CACHE_MAX = 256;
export const CALENDAR_CACHE_BYTES = 4 * 1024 * 1024;

export interface Cached<T> {
  value: T;
  at: number;
}

export function createDrawCaches() {
  const perGame = <T>(ttlMs: number) =>
    boundedCache<number, Cached<T>>({ max: GAME_CACHE_MAX, maxBytes: GAME_CACHE_BYTES, ttlMs });
  const caches = {
    calendars: boundedCache<string, Cached<CalendarDay[]>>({
      max: CALENDAR_CACHE_MAX,
      maxBytes: CALENDAR_CACHE_BYTES,
      ttlMs: GAMES_TTL_MS,
    }),
    current: perGame<DrawRecord | null>(CURRENT_TTL_MS),
    // The prize record of the draw the latest answer shows (prize games only).
    currentPrizes: perGame<{ issue: string; record?: PrizeRecord }>(CURRENT_TTL_MS),
    recentCache: perGame<Draw[]>(DERIVED_TTL_MS),
    derived: boundedCache<string, Cached<unknown>>({
      max: DERIVED_CACHE_MAX,
      maxBytes: DERIVED_CACHE_BYTES,
      ttlMs: DERIVED_TTL_MS,
    }),
    // Apart from the counts and year lists: a crawl through thousands of pages must not push out
    // the counts every page needs.
    historyPages: boundedCache<string, Cached<ReadyAnswer>>({
      max: HISTORY_PAGES_MAX,
      maxBytes: HISTORY_PAGES_BYTES,
      ttlMs: DERIVED_TTL_MS,
      sizeOf: (c, key) => readyAnswerBytes(c.value) + approxBytes(key),
    }),
    // Where each search's matches are, never the matches themselves (search-scan.ts).
    searches: boundedCache<string, Cached<SearchMap>>({
      max: SEARCH_CACHE_MAX,
      maxBytes: SEARCH_CACHE_BYTES,
      ttlMs: DERIVED_TTL_MS,
      sizeOf: (c, key) => searchMapBytes(c.value) + approxBytes(key),
    }),
  };
  return {
    ...caches,
    /** Entries held by each cache. */
    sizes: () => ({
      current: caches.current.size,
      recent: caches.recentCache.size,
      derived: caches.derived.size,
      historyPages: caches.historyPages.size,
      searches: caches.searches.size,
    }),
    /** Bytes held by each cache, as each counts them against its bound. */
    bytes: () => ({
      calendars: caches.calendars.calculatedSize,
      current: caches.current.calculatedSize,
      currentPrizes: caches.currentPrizes.calculatedSize,
      recent: caches.recentCache.calculatedSize,
      derived: caches.derived.calculatedSize,
      historyPages: caches.historyPages.calculatedSize,
      searches: caches.searches.calculatedSize,
    }),
  };
}
