// node:sqlite reads are synchronous: a request that reads a lot holds the event loop for as long,
// and several arriving in one poll phase run back to back before any other visitor's request is
// read. Big reads therefore queue here and run `concurrency` at a time, each after a turn of the
// event loop, so between two of them every waiting request (a latest draw, a socket ping) is
// served. Each task must stay small (a chunk, a page): the lane bounds the wait, not the work.
import { AppError } from './errors.ts';

export interface HeavyLane {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running and waiting (tests and metrics). */
  stats(): { running: number; waiting: number };
}

export const busy = (): AppError =>
  new AppError(429, 'REQ/RATE_LIMITED', '访问人数过多，请稍后再试', null, { 'retry-after': '2' });

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createHeavyLane(opts: { concurrency: number; maxWaiting: number }): HeavyLane {
  let running = 0;
  const waiting: (() => void)[] = [];

  async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= opts.concurrency) {
      // Past this many, a new one would only wait longer than a visitor does: refuse it now.
      if (waiting.length >= opts.maxWaiting) throw busy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      await turn();
      return await task();
    } finally {
      const next = waiting.shift();
      // The slot passes straight to the next task, which still waits a turn of its own.
      if (next) next();
      else running--;
    }
  }

  return { run, stats: () => ({ running, waiting: waiting.length }) };
}
