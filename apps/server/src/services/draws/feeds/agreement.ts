import type { FeedDraw } from './feed-types.ts';

/** One source's view of a draw, with its place in the game's list (0: the primary). */
export interface Observation {
  position: number;
  kind: string;
  draw: FeedDraw;
}

/**
 * Whether two views of one draw can both be right. Balls in draw order are compared place by
 * place; a feed that sorts the six regular numbers (hkjc) only by which numbers they are.
 */
export function agree(a: FeedDraw, b: FeedDraw): boolean {
  const [x, y] = [a.numbers, b.numbers];
  if (a.ordered && b.ordered) {
    const n = Math.min(x.length, y.length);
    for (let i = 0; i < n; i++) if (x[i] !== y[i]) return false;
    return true;
  }
  const regular = (d: string[]) => d.slice(0, 6);
  for (const [p, q] of [
    [x, y],
    [y, x],
  ] as const) {
    if (q.length >= 6) for (const ball of regular(p)) if (!regular(q).includes(ball)) return false;
  }
  if (x.length === 7 && y.length === 7 && x[6] !== y[6]) return false;
  return true;
}

export type Decision =
  /** Nothing to publish yet. */
  | { kind: 'wait' }
  /** These balls (from this source) are the draw so far; `complete` finishes it. */
  | { kind: 'publish'; from: Observation; numbers: string[]; complete: boolean }
  /** Sources disagree: only `shared` may be shown. */
  | { kind: 'dispute'; shared: string[]; candidates: Observation[] };

/**
 * What to show of one draw, given what each source says of it: the primary's result; a backup's
 * once the primary is `graceMs` late; when two disagree, only the balls every one of them
 * shares (in the order of the first that has any).
 */
export function decide(
  observations: readonly Observation[],
  lateBy: number,
  graceMs: number,
): Decision {
  const seen = observations
    .filter((o) => o.draw.numbers.length > 0)
    .sort((a, b) => a.position - b.position);
  if (seen.length === 0) return { kind: 'wait' };
  const conflict = seen.some((a, i) => seen.slice(i + 1).some((b) => !agree(a.draw, b.draw)));
  const base = seen[0]!;
  if (conflict) {
    let k = 0;
    while (
      k < base.draw.numbers.length &&
      seen.every((o) => agree({ ...base.draw, numbers: base.draw.numbers.slice(0, k + 1) }, o.draw))
    )
      k++;
    // A sorted feed cannot say which balls came first: then nothing is shared for sure.
    const shared = base.draw.ordered ? base.draw.numbers.slice(0, k) : [];
    return { kind: 'dispute', shared, candidates: seen };
  }
  if (base.position !== 0 && lateBy < graceMs) return { kind: 'wait' };
  // The fullest of the agreeing views (a backup may be a ball ahead of the primary).
  const best = base.draw.complete
    ? base
    : (seen.find((o) => o.draw.complete && (base.position !== 0 || o.position === 0)) ?? base);
  return {
    kind: 'publish',
    from: best,
    numbers: best.draw.numbers,
    complete: best.draw.complete,
  };
}
