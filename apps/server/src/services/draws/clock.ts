/** Milliseconds since the epoch; tests inject a clock that starts wherever a draw is due. */
export type Clock = () => number;

export const systemClock: Clock = () => Date.now();

/**
 * Milliseconds from an arbitrary origin that only move forward: for durations and pacing, which
 * must not stall or jump when NTP or an operator sets the wall clock.
 */
export const monotonicClock: Clock = () => performance.now();

/** A clock running at real speed from `startAt` (tests: "it is 21:31:59 in Macau"). */
export function clockFrom(startAt: number | Date): Clock {
  const offset = new Date(startAt).getTime() - Date.now();
  return () => Date.now() + offset;
}
