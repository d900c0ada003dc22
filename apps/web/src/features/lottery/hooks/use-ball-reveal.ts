import { useState } from 'react';
import type { DrawSnapshot } from '@kaijiang/domain';

/**
 * How many balls of the shown draw were already out when the visitor first saw it: those appear
 * at once, every later one rolls in and is announced. A draw that starts while the visitor
 * watches counts from zero.
 */
export function useBallReveal(draw: DrawSnapshot | undefined): number {
  const [seen, setSeen] = useState(() => ({
    issue: draw?.issue,
    count: draw?.numbers.length ?? 0,
  }));
  if (draw && draw.issue !== seen.issue) {
    const next = { issue: draw.issue, count: seen.issue === undefined ? draw.numbers.length : 0 };
    setSeen(next);
    return next.count;
  }
  return seen.count;
}
