import { performance } from 'node:perf_hooks';

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes. */
export const now = (): number => performance.timeOrigin + performance.now();

/** ISO time with microseconds: still a valid date-time, precise enough for loopback latency. */
export function stamp(t: number): string {
  const ms = Math.floor(t);
  const us = Math.min(999, Math.floor((t - ms) * 1000));
  return new Date(ms).toISOString().replace('Z', `${String(us).padStart(3, '0')}Z`);
}

/** Inverse of stamp for the 27 characters "YYYY-MM-DDTHH:mm:ss.SSSuuuZ". */
export const unstamp = (s: string): number =>
  Date.parse(`${s.slice(0, 23)}Z`) + Number(s.slice(23, 26)) / 1000;
