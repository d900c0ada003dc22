import {
  ballDetails,
  lunarYearOf,
  sumDetail,
  type Draw,
  type DrawDetail,
  type DrawSnapshot,
  type LatestDraw,
} from '@kaijiang/domain';
import { boundedCache } from '../../lib/bounded-cache.ts';
import type { DrawRecord } from '../../repositories/index.ts';

/** What a draw's answer shows of its row. */
type Shown = Pick<DrawRecord, 'gameId' | 'issue' | 'status' | 'numbers' | 'drawAt' | 'source'>;

export function toDraw(r: Shown): Draw {
  return {
    gameId: r.gameId,
    issue: r.issue,
    status: r.status,
    numbers: [...r.numbers],
    drawAt: r.drawAt,
    ...(r.source && { source: r.source }),
  };
}

// The lunar year only changes at midnight in Shanghai (UTC+8 all year): one lookup per day.
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const lunarYears = new Map<number, number>();
export function lunarYearAt(drawAt: string): number {
  const day = Math.floor((Date.parse(drawAt) + SHANGHAI_OFFSET_MS) / 86_400_000);
  let year = lunarYears.get(day);
  if (year === undefined) {
    year = lunarYearOf(new Date(drawAt));
    if (lunarYears.size > 4096) lunarYears.clear();
    lunarYears.set(day, year);
  }
  return year;
}

function details(numbers: readonly string[], drawAt: string) {
  const lunarYear = lunarYearAt(drawAt);
  return { lunarYear, balls: ballDetails(numbers, lunarYear), sum: sumDetail(numbers) };
}

/** A draw with each ball's attributes in the lunar year of its own date. */
export function toDetail(r: Shown): DrawDetail {
  return { ...toDraw(r), ...details(r.numbers, r.drawAt) };
}

// The latest draw of a game is asked for by every poller and page: its balls' attributes are
// worked out once per draw and ball, not per request. Keyed by what they follow from; a handful of
// games each hold one entry at a time, bounded all the same.
const latestDetails = boundedCache<string, ReturnType<typeof details>>({
  max: 256,
  maxBytes: 1024 * 1024,
  ttlMs: 10 * 60_000,
});

export function toLatest(s: DrawSnapshot): LatestDraw {
  const key = `${s.drawAt}|${s.numbers.join()}`;
  let d = latestDetails.get(key);
  if (!d) {
    d = details(s.numbers, s.drawAt);
    latestDetails.set(key, d);
  }
  return { ...s, ...d };
}

/** Whether two reads of a game's current draw are the same draw at the same stage. */
export const sameDraw = (a: DrawRecord | null | undefined, b: DrawRecord | null) =>
  a === b ||
  (!!a &&
    !!b &&
    a.issue === b.issue &&
    a.status === b.status &&
    a.drawAt === b.drawAt &&
    a.numbers.join() === b.numbers.join());
