// Searches (GET /draws/search) of a game whose whole history the trend book holds (trend-book.ts:
// Hong Kong's 4,374 draws since 1993 fit its window) answer as a filter over that array, already
// in memory and kept current as draws are stored, corrected or imported, instead of reading the
// range from the table in chunks. A game past the window (a 5-minute game) is still mapped from
// the table (search-scan.ts). Both give the same answer: the same draws in the same order
// (draw time, then issue), the same range bounds, the same match.
import {
  matchesSearch,
  TREND_ALL_ROWS,
  type DrawSearch,
  type DrawSearchPage,
  type Game,
} from '@kaijiang/domain';
import type { BoundedCache } from '../../lib/bounded-cache.ts';
import type { Repositories } from '../../repositories/index.ts';
import { DERIVED_TTL_MS, type Cached } from './caches.ts';
import { toDetail } from './detail.ts';
import { rangeOf, type SearchMap, type SearchQuery, type SearchScan } from './search-scan.ts';
import type { HeldDraw, TrendBooks } from './trend-book.ts';

/** The first index whose draw time is at or after `at` (`strict`: after it). */
function firstFrom(held: readonly HeldDraw[], at: string, strict: boolean): number {
  let lo = 0;
  let hi = held.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const d = held[mid]!.drawAt;
    if (d < at || (strict && d === at)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A page (newest first, `start` matches skipped) of the held draws (oldest first) in the range
 * that match, how many match, and how many the range holds.
 */
export function searchHeld(
  held: readonly HeldDraw[],
  range: { since?: string; until?: string },
  q: DrawSearch,
  start: number,
  size: number,
): { rows: HeldDraw[]; total: number; scanned: number } {
  const lo = range.since === undefined ? 0 : firstFrom(held, range.since, false);
  const hi = range.until === undefined ? held.length : firstFrom(held, range.until, true);
  const hits: number[] = [];
  for (let i = lo; i < hi; i++) {
    const d = held[i]!;
    // search-scan.ts matches the same way: seven balls, numbers to 49 whatever the era.
    if (d.numbers.length === 7 && matchesSearch(d.numbers, d.lunarYear, q)) hits.push(i);
  }
  const rows: HeldDraw[] = [];
  for (let h = hits.length - 1 - start; h >= 0 && rows.length < size; h--) {
    rows.push(held[hits[h]!]!);
  }
  return { rows, total: hits.length, scanned: Math.max(0, hi - lo) };
}

/** A held draw as the table's row shows it (repositories/draw-repository.ts toDrawRecord). */
const shown = (gameId: number, d: HeldDraw) =>
  toDetail({
    gameId,
    issue: d.issue,
    status: 'done',
    numbers: d.numbersText ? d.numbersText.split(',') : [],
    drawAt: d.drawAt,
    source: d.source,
  });

export function createDrawSearch(deps: {
  repos: Repositories;
  scan: SearchScan;
  trends: TrendBooks;
  searches: BoundedCache<string, Cached<SearchMap>>;
  derived: BoundedCache<string, Cached<unknown>>;
  fresh: <T>(c: Cached<T> | undefined, ttl: number) => c is Cached<T>;
  clock: () => number;
}) {
  const { repos, scan, trends, searches, derived, fresh, clock } = deps;
  // One mapping per search at a time: the same search asked again meanwhile waits for it.
  const mapping = new Map<string, Promise<SearchMap>>();

  /**
   * Where a search's matches are (search-scan.ts), mapped once and shared by its pages.
   * `counted`: its range was counted (and not refused) already.
   */
  async function searchMap(
    g: Game,
    q: SearchQuery,
    key: string,
    counted: boolean,
  ): Promise<SearchMap> {
    const cached = searches.get(key);
    if (fresh(cached, DERIVED_TTL_MS)) return cached.value;
    let pending = mapping.get(key);
    if (!pending) {
      pending = scan.map(g, q, counted).finally(() => mapping.delete(key));
      mapping.set(key, pending);
      const value = await pending;
      searches.set(key, { value, at: clock() });
      return value;
    }
    return pending;
  }

  /**
   * Whether the game's whole history fits in the book's window, counted on the index up to the
   * window: a book is folded for a search only then (a longer one is never whole).
   */
  async function fits(gameId: number): Promise<boolean> {
    const key = `${gameId}:search-held-fits`;
    const cached = derived.get(key);
    if (fresh(cached, DERIVED_TTL_MS)) return cached.value === true;
    const n = await repos.draws.countDoneUpTo(gameId, { cap: TREND_ALL_ROWS });
    derived.set(key, { value: n <= TREND_ALL_ROWS, at: clock() });
    return n <= TREND_ALL_ROWS;
  }

  return {
    async search(
      g: Game,
      { page, pageSize, ...q }: SearchQuery & { page: number; pageSize: number },
    ): Promise<DrawSearchPage> {
      const start = (page - 1) * pageSize;
      const { numbers, position, zodiac, from, to } = q;
      const key = [g.id, 'search', numbers.join('.'), position, zodiac, from, to].join(':');
      // A search mapped from the table a moment ago pages from its map, as before.
      const mapped = fresh(searches.get(key), DERIVED_TTL_MS);
      let held = mapped ? undefined : await trends.whole(g.id, { fold: false });
      let counted = false;
      if (!held && !mapped) {
        // Refused over the cap before anything is read, as before; a book never holds that many.
        const n = await scan.count(g, q);
        counted = true;
        if (n <= TREND_ALL_ROWS && (await fits(g.id))) held = await trends.whole(g.id);
      }
      if (held) {
        const found = searchHeld(held, rangeOf(g, q), q, start, pageSize);
        return {
          items: found.rows.map((d) => shown(g.id, d)),
          page,
          pageSize,
          total: found.total,
          scanned: found.scanned,
        };
      }
      const found = await searchMap(g, q, key, counted);
      const rows = await scan.page(g, q, found, start, pageSize);
      return {
        items: rows.map(toDetail),
        page,
        pageSize,
        total: found.hitsBefore[found.hitsBefore.length - 1]!,
        scanned: found.rows,
      };
    },
  };
}
