import { useEffect, useState } from 'react';
import { useAppSelector } from '../store/hooks';
import { selectClockOffset } from './live-slice';

/** The server's "now" on the visitor's device, given the measured offset. */
export function serverNow(offsetMs: number, localNow: number = Date.now()): number {
  return localNow + offsetMs;
}

/** Milliseconds left until `target` by the server's clock; never negative. */
export function remainingMs(target: string | number, offsetMs: number, localNow?: number): number {
  const at = typeof target === 'number' ? target : Date.parse(target);
  if (!Number.isFinite(at)) return 0;
  return Math.max(0, at - serverNow(offsetMs, localNow));
}

/**
 * The server's clock, re-read every `intervalMs`: countdowns follow the server even when the
 * visitor's phone is minutes off.
 */
export function useServerNow(intervalMs = 1000): number {
  const offset = useAppSelector(selectClockOffset);
  const [local, setLocal] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setLocal(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return serverNow(offset, local);
}
