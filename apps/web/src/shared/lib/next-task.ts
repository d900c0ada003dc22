interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task, so that work split around it never blocks a slow phone for long:
 * the browser may paint and handle a tap in between. `scheduler.yield` (Chromium) resumes ahead
 * of other queued work; elsewhere a timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
