// Where each deep history page starts, so that the page is read by key (an index seek) instead
// of walking OFFSET rows of the index. The API pages by number (docs/architecture.md §8, the same answer
// shape); a page number becomes a key through an in-memory list of every finished draw's time,
// newest first, per game: 8 bytes a draw plus 2 for its year (3 MB for three years of the
// 5-minute game). It is read from the database in chunks, a turn of the heavy lane each, the
// first time a deep page of the game is asked for, and then follows the game's count of
// finished draws: draws that finish are added at the front; anything else (an import, a
// deletion) has it read again. Until it is ready, and for shallow pages, OFFSET does the job.
import type { DrawRepository } from '../../repositories/draw-repository.ts';
import type { HeavyLane } from '../../lib/heavy-lane.ts';

/** Under this many rows OFFSET costs less than a lookup would save. */
export const KEYSET_FROM_ROWS = 1_000;
/** Keys read per turn of the lane while the list is built (a few milliseconds each). */
const BUILD_CHUNK = 4_000;

interface GameKeys {
  /** Draw times (epoch ms), newest first; ties in draw time keep the issue order, newest first. */
  at: Float64Array;
  years: Int16Array;
  /** Newest first, as `at`: the issue of at[0] (to tell a new draw from an import). */
  newestIssue: string;
  /**
   * The caller's count this list was last read for: when the caller's count lags the database
   * (it is cached), the list is not read again for the same count.
   */
  askedFor: number;
}

export interface PageStart {
  /** The draw time (ISO) of the page's first draw. */
  atOrBefore: string;
  /** Draws with that same time to pass over first. */
  skip: number;
}

export interface HistoryKeys {
  /**
   * Where the row at `offset` (of the game, or of one of its years) starts, or null when OFFSET
   * should do: a shallow page, a list not built yet or not current, an offset past the end.
   * `count` is the game's number of finished draws as the caller knows it.
   */
  start(gameId: number, year: number | undefined, offset: number, count: number): PageStart | null;
  drop(gameId: number): void;
}

export function createHistoryKeys(deps: {
  repos: { draws: Pick<DrawRepository, 'keysDone'> };
  heavy: HeavyLane;
  onError: (err: unknown) => void;
}): HistoryKeys {
  const games = new Map<number, GameKeys>();
  const building = new Map<number, Promise<void>>();

  async function readAll(gameId: number): Promise<GameKeys | null> {
    const at: number[] = [];
    const years: number[] = [];
    let before: { drawAt: string; issue: string } | undefined;
    let newestIssue = '';
    for (;;) {
      const chunk = await deps.heavy.run(() =>
        deps.repos.draws.keysDone(gameId, { before, limit: BUILD_CHUNK }),
      );
      for (const k of chunk) {
        const ms = Date.parse(k.drawAt);
        // Keys go back to the database as ISO text, compared as text: only canonical times
        // (as every writer of ours stores them) survive that round trip.
        if (!Number.isFinite(ms) || new Date(ms).toISOString() !== k.drawAt) return null;
        at.push(ms);
        years.push(k.year);
      }
      if (before === undefined) newestIssue = chunk[0]?.issue ?? '';
      if (chunk.length < BUILD_CHUNK) break;
      const last = chunk.at(-1)!;
      before = { drawAt: last.drawAt, issue: last.issue };
    }
    return { at: Float64Array.from(at), years: Int16Array.from(years), newestIssue, askedFor: -1 };
  }

  /** Adds draws that finished since the list was read, or reads it again when that can't be. */
  async function refresh(gameId: number, count: number): Promise<void> {
    const kept = games.get(gameId);
    if (kept && count > kept.at.length && count - kept.at.length <= BUILD_CHUNK) {
      const fresh = await deps.heavy.run(() =>
        deps.repos.draws.keysDone(gameId, { limit: count - kept.at.length + 1 }),
      );
      const joins = fresh.at(-1);
      const newer = fresh.slice(0, -1);
      const canonical = newer.every(
        (k) => new Date(Date.parse(k.drawAt)).toISOString() === k.drawAt,
      );
      if (
        joins?.issue === kept.newestIssue &&
        Date.parse(joins.drawAt) === kept.at[0] &&
        newer.length === count - kept.at.length &&
        canonical
      ) {
        const at = new Float64Array(count);
        const years = new Int16Array(count);
        newer.forEach((k, i) => {
          at[i] = Date.parse(k.drawAt);
          years[i] = k.year;
        });
        at.set(kept.at, newer.length);
        years.set(kept.years, newer.length);
        games.set(gameId, {
          at,
          years,
          newestIssue: newer[0]?.issue ?? kept.newestIssue,
          askedFor: count,
        });
        return;
      }
    }
    games.delete(gameId);
    const all = await readAll(gameId);
    if (all) games.set(gameId, { ...all, askedFor: count });
  }

  function update(gameId: number, count: number): void {
    if (building.has(gameId)) return;
    const task = refresh(gameId, count)
      .catch((err: unknown) => {
        games.delete(gameId);
        deps.onError(err);
      })
      .finally(() => building.delete(gameId));
    building.set(gameId, task);
  }

  /** First index of `year` in a list of years newest first, or -1. */
  function firstOfYear(years: Int16Array, year: number): number {
    let lo = 0;
    let hi = years.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (years[mid]! > year) lo = mid + 1;
      else hi = mid;
    }
    return lo < years.length && years[lo] === year ? lo : -1;
  }

  return {
    start(gameId, year, offset, count) {
      if (offset < KEYSET_FROM_ROWS) return null;
      const keys = games.get(gameId);
      if (!keys || keys.at.length !== count) {
        if (keys?.askedFor !== count) update(gameId, count);
        return null;
      }
      const from = year === undefined ? 0 : firstOfYear(keys.years, year);
      if (from < 0) return null;
      const row = from + offset;
      if (row >= keys.at.length || (year !== undefined && keys.years[row] !== year)) return null;
      const ms = keys.at[row]!;
      let first = row;
      while (first > from && keys.at[first - 1] === ms) first -= 1;
      return { atOrBefore: new Date(ms).toISOString(), skip: row - first };
    },
    drop(gameId) {
      games.delete(gameId);
    },
  };
}
