import { isTrendKind, TREND_LIMIT_MAX, type Game, type TrendKind } from '@kaijiang/domain';

export const RANGES = ['30', '50', '100', '200', '500', 'year', 'all'] as const;
export type TrendRange = (typeof RANGES)[number];

export interface TrendParams {
  kind: TrendKind;
  range: TrendRange;
  /** Omissions shown as grey numbers (the default) or hidden. */
  misses: boolean;
}

export const DEFAULT_RANGE: TrendRange = '100';

/** Kind, range and omissions live in the query string: a chart can be linked and rendered. */
export function readTrendParams(search: URLSearchParams): TrendParams {
  const kind = search.get('kind');
  const range = search.get('range');
  return {
    kind: isTrendKind(kind) ? kind : 'special',
    range: (RANGES as readonly string[]).includes(range ?? '')
      ? (range as TrendRange)
      : DEFAULT_RANGE,
    misses: search.get('misses') !== 'off',
  };
}

/** Draws a year holds for a game: its weekly days × 52, or every draw the API gives. */
export function drawsPerYear(game: Pick<Game, 'intervalMinutes' | 'drawDays'> | undefined): number {
  if (!game || game.intervalMinutes) return TREND_LIMIT_MAX;
  const days = game.drawDays.length || 7;
  return Math.min(TREND_LIMIT_MAX, days * 52);
}

/** The `limit` of the trend call for a range: `all` is the game's whole history. */
export function limitOf(
  range: TrendRange,
  game: Parameters<typeof drawsPerYear>[0],
): number | 'all' {
  if (range === 'all') return 'all';
  return range === 'year' ? drawsPerYear(game) : Number(range);
}
