import type { DrawTrend } from '@kaijiang/domain';

/**
 * A draw's columns it could not have hit (numbers above its era's range, e.g. 46–49 in 1993)
 * as -1: neither a hit (0) nor an omission (above 0), so the grid leaves them blank.
 */
export function blankOff(chart: DrawTrend): DrawTrend {
  if (!chart.rows.some((r) => r.off?.length)) return chart;
  return {
    ...chart,
    rows: chart.rows.map((r) =>
      r.off?.length ? { ...r, cells: r.cells.map((v, i) => (r.off!.includes(i) ? -1 : v)) } : r,
    ),
  };
}
