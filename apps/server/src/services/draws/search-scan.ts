// Searches of finished draws (matchesSearch) over a date range. A search's matches are never kept
// as draws: a year of a 5-minute game is ~100,000 of them. What is kept per search is a map of
// where they are (one bit per draw of the range, the key each block of the range starts after,
// and the matches before each block), tens of KB whatever the range, from which any page is read
// back with a few small keyset reads. Every read is a chunk in its own lane turn, so the event
// loop serves others between two; a range larger than one search may look at is refused from an
// index count before anything is read.
import { matchesSearch, zonedTimeToUtc, type DrawSearch, type Game } from '@kaijiang/domain';
import { AppError } from '../../lib/errors.ts';
import type { HeavyLane } from '../../lib/heavy-lane.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { CSV_HEADER, csvLine } from './csv.ts';
import { lunarYearAt } from './detail.ts';

/** Finished draws one search may look at: a year of the fastest game. */
export const SEARCH_MAX_ROWS = 110_000;
/** Draws read per lane turn while mapping a search or writing its CSV (a few ms of work). */
export const SEARCH_CHUNK_ROWS = 1_024;
/** Draws per block of a search map: a page of sparse matches reads a block per match at most. */
export const SEARCH_BLOCK_ROWS = 256;

/** A search of finished draws over a date range (YYYY-MM-DD) in the game's time zone. */
export type SearchQuery = DrawSearch & { from?: string; to?: string };

type Key = Pick<DrawRecord, 'drawAt' | 'issue'>;

/** Where a search's matches are in its range (ascending: oldest draw first). */
export interface SearchMap {
  /** Draws in the range when it was mapped. */
  rows: number;
  /** Bit r set: the range's r-th draw matches. */
  bits: Uint8Array;
  /** Matches before block b; entry `blocks` is the total. */
  hitsBefore: Uint32Array;
  /** The key block b starts after (block 0 starts at the range's start). */
  startsAfter: (Key | undefined)[];
}

/** What a search map holds, for a cache bounded by bytes. */
export const searchMapBytes = (m: SearchMap): number =>
  m.bits.byteLength + m.hitsBefore.byteLength + m.startsAfter.length * 120 + 256;

function civilOf(date: string) {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}
/** The instants (ISO) the search's first day starts and its last day ends, in the game's zone. */
export function rangeOf(g: Game, q: Pick<SearchQuery, 'from' | 'to'>) {
  const since = q.from
    ? zonedTimeToUtc(civilOf(q.from), 0, 0, g.timezone).toISOString()
    : undefined;
  const until = q.to
    ? new Date(zonedTimeToUtc(civilOf(q.to), 24, 0, g.timezone).getTime() - 1).toISOString()
    : undefined;
  return { since, until };
}

const matches = (d: DrawRecord, q: DrawSearch) => {
  const ns = d.numbers.map(Number);
  return ns.length === 7 && matchesSearch(ns, lunarYearAt(d.drawAt), q);
};

export const tooLarge = () =>
  new AppError(400, 'REQ/INVALID', '查询范围过大，请缩小日期范围', {
    from: `一次最多查询 ${SEARCH_MAX_ROWS} 期`,
  });

export function createSearchScan(deps: { repos: Repositories; heavy: HeavyLane }) {
  const { repos, heavy } = deps;

  /**
   * The draws in the search's range, counted on the index; a range over the cap is refused
   * before a single draw is read.
   */
  async function checkSize(g: Game, q: SearchQuery): Promise<number> {
    const { since, until } = rangeOf(g, q);
    const n = await repos.draws.countDoneUpTo(g.id, { since, until, cap: SEARCH_MAX_ROWS });
    if (n > SEARCH_MAX_ROWS) throw tooLarge();
    return n;
  }

  /** The range's draws in ascending chunks, each read in a lane turn of its own. */
  async function* chunks(g: Game, q: SearchQuery): AsyncGenerator<DrawRecord[]> {
    const { since, until } = rangeOf(g, q);
    let after: Key | undefined;
    for (;;) {
      const chunk = await heavy.run(() =>
        repos.draws.chunkDone(g.id, { after, since, until, limit: SEARCH_CHUNK_ROWS }),
      );
      if (chunk.length > 0) yield chunk;
      if (chunk.length < SEARCH_CHUNK_ROWS) return;
      after = chunk.at(-1);
    }
  }

  /**
   * Reads the whole range once, keeping only where the matches are. `counted`: the caller
   * checked the range's size (`count`) already.
   */
  async function map(g: Game, q: SearchQuery, counted = false): Promise<SearchMap> {
    if (!counted) await checkSize(g, q);
    let bits = new Uint8Array(SEARCH_CHUNK_ROWS / 8);
    const hitsBefore: number[] = [0];
    const startsAfter: (Key | undefined)[] = [undefined];
    let rows = 0;
    let hits = 0;
    for await (const chunk of chunks(g, q)) {
      // Draws finished since the count can only add a few: the cap still holds, with room.
      if (rows + chunk.length > SEARCH_MAX_ROWS + SEARCH_CHUNK_ROWS) throw tooLarge();
      if ((rows + chunk.length) / 8 > bits.length) {
        const grown = new Uint8Array(bits.length * 2);
        grown.set(bits);
        bits = grown;
      }
      for (const d of chunk) {
        if (rows > 0 && rows % SEARCH_BLOCK_ROWS === 0) hitsBefore.push(hits);
        if (matches(d, q)) {
          bits[rows >> 3]! |= 1 << (rows & 7);
          hits++;
        }
        rows++;
        // The key the next block starts after, for a keyset read straight to it.
        if (rows % SEARCH_BLOCK_ROWS === 0) {
          startsAfter[startsAfter.length] = { drawAt: d.drawAt, issue: d.issue };
        }
      }
    }
    hitsBefore.push(hits);
    // The last key was of a block that never started.
    startsAfter.length = hitsBefore.length - 1;
    return {
      rows,
      bits: bits.slice(0, Math.ceil(rows / 8)),
      hitsBefore: Uint32Array.from(hitsBefore),
      startsAfter,
    };
  }

  /** The block holding the `h`-th match (ascending). */
  function blockOf(m: SearchMap, h: number): number {
    let lo = 0;
    let hi = m.hitsBefore.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (m.hitsBefore[mid]! <= h) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Matches `first`..`last` (ascending, inclusive) read back from their blocks. */
  async function hitsBetween(
    g: Game,
    q: SearchQuery,
    m: SearchMap,
    first: number,
    last: number,
  ): Promise<DrawRecord[]> {
    const { since, until } = rangeOf(g, q);
    const out: DrawRecord[] = [];
    const blocks = m.hitsBefore.length - 1;
    let b = blockOf(m, first);
    while (b < blocks && m.hitsBefore[b]! <= last) {
      // Up to a chunk's worth of consecutive blocks in one read.
      let end = b + 1;
      while (
        end < blocks &&
        end - b < SEARCH_CHUNK_ROWS / SEARCH_BLOCK_ROWS &&
        m.hitsBefore[end]! <= last
      ) {
        end++;
      }
      const after = m.startsAfter[b];
      const rows = await heavy.run(() =>
        repos.draws.chunkDone(g.id, {
          after,
          since,
          until,
          limit: (end - b) * SEARCH_BLOCK_ROWS,
        }),
      );
      let r = b * SEARCH_BLOCK_ROWS;
      let h = m.hitsBefore[b]!;
      for (const d of rows) {
        if (r >= m.rows) break;
        if (m.bits[r >> 3]! & (1 << (r & 7))) {
          if (h >= first && h <= last) out.push(d);
          h++;
        }
        r++;
      }
      // Skip blocks without a match.
      b = end;
      while (b < blocks && m.hitsBefore[b + 1] === m.hitsBefore[b]) b++;
    }
    return out;
  }

  return {
    count: checkSize,
    map,
    /**
     * A page (newest first) of a search mapped before: `start` matches skipped from the newest.
     */
    async page(g: Game, q: SearchQuery, m: SearchMap, start: number, size: number) {
      const total = m.hitsBefore[m.hitsBefore.length - 1]!;
      if (start >= total || size <= 0) return [];
      const last = total - 1 - start;
      const first = Math.max(0, last - size + 1);
      return (await hitsBetween(g, q, m, first, last)).reverse();
    },
    /** Every match as CSV text, oldest first, a chunk per lane turn; refused like a search. */
    async csv(g: Game, q: SearchQuery): Promise<AsyncIterable<string>> {
      await checkSize(g, q);
      async function* lines() {
        yield `${CSV_HEADER}\n`;
        let rows = 0;
        for await (const chunk of chunks(g, q)) {
          rows += chunk.length;
          if (rows > SEARCH_MAX_ROWS + SEARCH_CHUNK_ROWS) return;
          const text = chunk
            .filter((d) => matches(d, q))
            .map((d) => `${csvLine(d)}\n`)
            .join('');
          if (text) yield text;
        }
      }
      return lines();
    },
  };
}

export type SearchScan = ReturnType<typeof createSearchScan>;
