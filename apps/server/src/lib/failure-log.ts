import type { FastifyBaseLogger } from 'fastify';

/** One line per this many ms while a background job keeps failing. */
export const FAILURE_LOG_EVERY_MS = 30_000;

export interface FailureLog {
  /** A failed run: logged at once the first time, then once per period with a count. */
  failed(err: unknown, extra?: Record<string, unknown>): void;
  /** A run that worked: logs the recovery if it followed failures. */
  ok(extra?: Record<string, unknown>): void;
}

/**
 * For loops that outlive a request (draw engine, lease, sweeps): a database outage makes them
 * fail every second or so, and one error line each would bury the log and fill the disk.
 */
export function createFailureLog(
  log: FastifyBaseLogger,
  msg: string,
  opts: { everyMs?: number; now?: () => number } = {},
): FailureLog {
  const everyMs = opts.everyMs ?? FAILURE_LOG_EVERY_MS;
  const now = opts.now ?? (() => performance.now());
  let failures = 0;
  let suppressed = 0;
  let loggedAt = -Infinity;
  return {
    failed(err, extra) {
      failures++;
      const t = now();
      if (t - loggedAt < everyMs) {
        suppressed++;
        return;
      }
      log.error({ err, ...extra, failures, suppressed }, msg);
      loggedAt = t;
      suppressed = 0;
    },
    ok(extra) {
      if (failures === 0) return;
      log.info({ ...extra, failures }, `${msg}: recovered`);
      failures = 0;
      suppressed = 0;
      loggedAt = -Infinity;
    },
  };
}
