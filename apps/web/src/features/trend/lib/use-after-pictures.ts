import { useEffect, useState } from 'react';
import { LATER, queuePaint } from './paint-queue';

/**
 * `value` once the pictures queued before it are painted; the last value shown until then.
 * A switch first repaints the chart a visitor looks at, then rewrites the 200 rows' words for
 * screen readers and the stats below (a new layout of every row, which the picture need not wait
 * for).
 */
export function useAfterPictures<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    // The first step only queues: the value is set in a later task, after the pictures' steps.
    const steps = (function* () {
      yield;
      setShown(() => value);
    })();
    return queuePaint(steps, LATER, () => {});
  }, [shown, value]);
  return shown;
}
