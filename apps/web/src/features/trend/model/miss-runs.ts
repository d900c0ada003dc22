/** Omission numbers per ladder picture (see the trend tile). */
export const LADDER = 25;

/** A run of omissions down a column: `count` rows from `row`, counting `first`, `first + 1`, … */
export interface MissRun {
  column: number;
  row: number;
  first: number;
  count: number;
}

/**
 * The omission runs of rows `[from, to)` in columns `[c0, c1)` of a chart's cells (rows oldest
 * first): a draw that misses a column counts one more than the draw before, so each stretch
 * between two hits is one run, drawn as one copy instead of one per cell.
 */
export function missRuns(
  rows: readonly { cells: readonly number[] }[],
  from: number,
  to: number,
  c0: number,
  c1: number,
): MissRun[] {
  const runs: MissRun[] = [];
  for (let c = c0; c < c1; c++) {
    for (let i = from; i < to;) {
      const first = rows[i]!.cells[c]!;
      let j = i + 1;
      if (first > 0) {
        while (j < to && rows[j]!.cells[c] === rows[j - 1]!.cells[c]! + 1) j++;
        runs.push({ column: c, row: i, first, count: j - i });
      }
      i = j;
    }
  }
  return runs;
}

/** A run cut where it crosses from one ladder picture to the next: `ladder`, `at` its row. */
export interface LadderSlice {
  ladder: number;
  at: number;
  row: number;
  count: number;
}

export function ladderSlices(run: MissRun): LadderSlice[] {
  const out: LadderSlice[] = [];
  let { first: n, row, count } = run;
  while (count > 0) {
    const ladder = Math.floor((n - 1) / LADDER);
    const at = (n - 1) % LADDER;
    const take = Math.min(count, LADDER - at);
    out.push({ ladder, at, row, count: take });
    n += take;
    row += take;
    count -= take;
  }
  return out;
}
