// Trend charts per game (docs/architecture.md §11) from a running book (domain trend.ts): the last 500 finished
// draws and the tally of everything older, folded once from the history and then kept up to date
// as draws finish, so a request costs one pass over at most 500 rows, never the history. A book
// holding a game's whole history also answers its searches (search-memory.ts).
import {
  DRAW_ORIGINS,
  TREND_ALL_ROWS,
  TREND_KINDS,
  TREND_LIMIT_MAX,
  addToBook,
  maxNumberOf,
  type GameEra,
  bookTable,
  emptyTrendBook,
  type DrawTrend,
  type TrendBook,
  type TrendDraw,
  type TrendKind,
  type DrawOrigin,
} from '@kaijiang/domain';
import { approxBytes, boundedCache, readyAnswerBytes } from '../../lib/bounded-cache.ts';
import type { HeavyLane } from '../../lib/heavy-lane.ts';
import { readyAnswerCoded, type ReadyAnswer } from '../../lib/ready-answer.ts';
import { ok } from '../../lib/envelope.ts';
import type { DrawRecord, Repositories } from '../../repositories/index.ts';
import { DERIVED_TTL_MS } from './caches.ts';
import { lunarYearAt } from './detail.ts';

/** Rows read and folded per lane turn while folding the history (a few milliseconds each). */
export const TREND_FOLD_CHUNK = 1000;
/** A book asks the database for newer draws at most this often, besides when told of one. */
export const TREND_RECHECK_MS = 5000;
/**
 * A book holding the whole history is folded again from the table this long after its fold, in
 * the background: a correction or import made on another instance (which tells this one nothing
 * of it) then shows within the same lifetime as the other cached answers (caches.ts).
 */
export const TREND_REFOLD_MS = DERIVED_TTL_MS;

/**
 * A finished draw as the book keeps it: its chart fields, and what a search answer shows of it
 * (search-memory.ts), the numbers as stored (comma-joined: one string, not seven).
 */
export interface HeldDraw extends TrendDraw {
  numbersText: string;
  source: DrawOrigin | undefined;
}

interface Entry {
  book: TrendBook<HeldDraw>;
  last: Pick<DrawRecord, 'drawAt' | 'issue'> | undefined;
  checkedAt: number;
  stale: boolean;
  /** The catch-up under way: requests meanwhile wait for it rather than start another. */
  pending: Promise<void> | undefined;
  /** Bumped when the entry is dropped, so a catch-up that started before does not write. */
  generation: number;
  /** When its fold from the first draw began. */
  foldedAt: number;
  refolding: boolean;
}

const toHeldDraw = (d: DrawRecord, eras: readonly GameEra[] | undefined): HeldDraw => ({
  issue: d.issue,
  drawAt: d.drawAt,
  numbers: d.numbers.map(Number),
  lunarYear: lunarYearAt(d.drawAt),
  maxNumber: maxNumberOf(eras, d.issue),
  numbersText: d.numbers.join(','),
  // The shared constant, not one copy of the word per draw.
  source: DRAW_ORIGINS.find((o) => o === d.source) ?? d.source,
});

/** Whether two folds hold the same draws with the same numbers. */
function sameDraws(a: readonly HeldDraw[], b: readonly HeldDraw[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (
      x.issue !== y.issue ||
      x.drawAt !== y.drawAt ||
      x.numbersText !== y.numbersText ||
      x.source !== y.source ||
      x.maxNumber !== y.maxNumber
    ) {
      return false;
    }
  }
  return true;
}

/** Ready answers kept: a few games × 15 kinds × the limits visitors pick. */
export const TREND_ANSWERS_MAX = 256;
/** A 500-row chart is ~110 KB of JSON: the bytes bound the answers before the count does. */
export const TREND_ANSWERS_BYTES = 16 * 1024 * 1024;
/**
 * Whole-history charts (limit=all) are kept apart, every kind of two games: Hong Kong's 4,374
 * draws make a chart of 0.5–1.2 MB of JSON (counted twice with its codings), so its fifteen
 * kinds (~25 MB) did not fit with the others. A visitor stepping through the kinds then evicted
 * the one asked next, and every answer was built again (p99 783 ms in `npm run bench history`).
 */
export const TREND_ALL_ANSWERS_MAX = TREND_KINDS.length * 2;
export const TREND_ALL_ANSWERS_BYTES = 64 * 1024 * 1024;
/** A kept chart unused this long is let go (a new draw replaces it anyway). */
const TREND_ANSWER_TTL_MS = 5 * 60_000;

export interface TrendBooks {
  table(gameId: number, kind: TrendKind, limit: number): Promise<DrawTrend>;
  /** The chart as the envelope's ready bytes, built once per finished draw. */
  answer(gameId: number, kind: TrendKind, limit: number): Promise<ReadyAnswer>;
  /**
   * A draw of the game finished (here or on another instance): read what is new next time. A
   * draw the book already holds was corrected: the book is folded again.
   */
  finished(gameId: number, draw?: Pick<DrawRecord, 'drawAt' | 'issue'>): void;
  /** The game's history changed behind the book (import, correction): fold it again. */
  drop(gameId: number): void;
  /** Bytes of the ready answers kept (tests and metrics). */
  bytes(): number;
  /**
   * Every finished draw of the game, oldest first, when the book holds them all (its window
   * reaches back to the first one): a search over the whole span reads memory, not the table.
   * `fold: false` answers only from a book folded before (caught up with what is new), never
   * starts a fold of the whole history.
   */
  whole(gameId: number, opts?: { fold?: boolean }): Promise<readonly HeldDraw[] | undefined>;
}

export function createTrendBooks(deps: {
  repos: Repositories;
  heavy: HeavyLane;
  clock: () => number;
  /** The game's eras: a number above a draw's range is no column it could miss. */
  erasOf: (gameId: number) => Promise<readonly GameEra[] | undefined>;
}): TrendBooks {
  const { repos, heavy, clock } = deps;
  // Keyed by games that exist: the route checks the game before asking.
  const entries = new Map<number, Entry>();
  let generations = 0;
  const answerCache = (max: number, maxBytes: number) =>
    boundedCache<string, { version: string; answer: ReadyAnswer }>({
      max,
      maxBytes,
      ttlMs: TREND_ANSWER_TTL_MS,
      sizeOf: (v, key) => readyAnswerBytes(v.answer) + approxBytes(key) + 64,
    });
  const charts = answerCache(TREND_ANSWERS_MAX, TREND_ANSWERS_BYTES);
  const wholeCharts = answerCache(TREND_ALL_ANSWERS_MAX, TREND_ALL_ANSWERS_BYTES);
  const rebuilding = new Set<string>();
  const versionOf = (e: Entry) => `${e.generation}:${e.last?.issue ?? ''}`;

  function entryOf(gameId: number): Entry {
    let e = entries.get(gameId);
    if (!e) {
      e = {
        book: emptyTrendBook<HeldDraw>(TREND_ALL_ROWS),
        last: undefined,
        checkedAt: 0,
        stale: true,
        pending: undefined,
        generation: ++generations,
        foldedAt: clock(),
        refolding: false,
      };
      entries.set(gameId, e);
    }
    return e;
  }

  async function catchUp(gameId: number, e: Entry): Promise<void> {
    const generation = e.generation;
    const eras = await deps.erasOf(gameId);
    for (;;) {
      const rows = await heavy.run(() =>
        repos.draws.chunkDone(gameId, { after: e.last, limit: TREND_FOLD_CHUNK }),
      );
      if (e.generation !== generation) return;
      if (rows.length === 0) break;
      addToBook(
        e.book,
        rows.map((r) => toHeldDraw(r, eras)),
      );
      e.last = rows.at(-1);
      if (rows.length < TREND_FOLD_CHUNK) break;
    }
    e.checkedAt = clock();
  }

  const heldDraws = (e: Entry): readonly HeldDraw[] => e.book.draws;
  const holdsAll = (e: Entry) => e.book.before.special.seen === 0;

  /**
   * Folds a whole-history book again in the background once its fold is old; the answers keep
   * coming from it meanwhile, and go on doing so (charts not rebuilt) when nothing changed.
   */
  function refoldIfOld(gameId: number, e: Entry): void {
    const age = clock() - e.foldedAt;
    if (e.refolding || e.pending || !holdsAll(e) || (age < TREND_REFOLD_MS && age >= 0)) return;
    e.refolding = true;
    const next: Entry = {
      ...e,
      book: emptyTrendBook<HeldDraw>(TREND_ALL_ROWS),
      last: undefined,
      stale: false,
      pending: undefined,
      generation: ++generations,
      foldedAt: clock(),
      refolding: false,
    };
    void catchUp(gameId, next)
      .then(() => {
        if (entries.get(gameId) !== e) return;
        const sameLast = next.last?.drawAt === e.last?.drawAt && next.last?.issue === e.last?.issue;
        if (sameLast && sameDraws(heldDraws(e), heldDraws(next))) {
          e.foldedAt = next.foldedAt;
          return;
        }
        e.generation = ++generations;
        // A draw the old book caught up with during the fold is read again next time.
        next.stale = true;
        entries.set(gameId, next);
      })
      // The table did not answer: the next request after the same wait tries again.
      .catch(() => (e.foldedAt = clock()))
      .finally(() => (e.refolding = false));
  }

  async function ready(gameId: number): Promise<Entry> {
    const e = entryOf(gameId);
    refoldIfOld(gameId, e);
    const due = e.stale || clock() - e.checkedAt >= TREND_RECHECK_MS || clock() < e.checkedAt;
    if (!due && !e.pending) return e;
    if (!e.pending) {
      e.stale = false;
      e.pending = catchUp(gameId, e).finally(() => (e.pending = undefined));
    }
    await e.pending;
    // Dropped meanwhile: the newer entry answers.
    return entries.get(gameId) === e ? e : ready(gameId);
  }

  return {
    async table(gameId, kind, limit) {
      const e = await ready(gameId);
      return { gameId, kind, ...bookTable(e.book, kind, limit) };
    },
    async answer(gameId, kind, limit) {
      const e = await ready(gameId);
      const key = `${gameId}:${kind}:${limit}`;
      const answers = limit > TREND_LIMIT_MAX ? wholeCharts : charts;
      const version = versionOf(e);
      const kept = answers.get(key);
      if (kept?.version === version) return kept.answer;
      const build = () => readyAnswerCoded(ok({ gameId, kind, ...bookTable(e.book, kind, limit) }));
      if (limit <= TREND_LIMIT_MAX || !kept) {
        const answer = await build();
        answers.set(key, { version, answer });
        return answer;
      }
      // The whole history: the chart of one draw before answers while the new one is built
      // (once per finished draw), so no visitor waits for a build of thousands of rows.
      if (!rebuilding.has(key)) {
        rebuilding.add(key);
        void build()
          .then((answer) => answers.set(key, { version, answer }))
          .catch(() => answers.delete(key))
          .finally(() => rebuilding.delete(key));
      }
      return kept.answer;
    },
    async whole(gameId, { fold = true } = {}) {
      if (!fold && !entries.has(gameId)) return undefined;
      const e = await ready(gameId);
      return holdsAll(e) ? heldDraws(e) : undefined;
    },
    finished(gameId, draw) {
      const e = entries.get(gameId);
      if (!e) return;
      const known = draw && e.last && draw.drawAt <= e.last.drawAt;
      if (known) this.drop(gameId);
      else e.stale = true;
    },
    drop(gameId) {
      const e = entries.get(gameId);
      if (!e) return;
      e.generation = ++generations;
      entries.delete(gameId);
    },
    bytes: () => charts.calculatedSize + wholeCharts.calculatedSize,
  };
}
