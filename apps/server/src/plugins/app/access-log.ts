// What an operator needs of each request, at a price the draw minute can pay. Fastify's own
// request logging writes two lines per request (and runs the redaction over both): at the spike
// that was more CPU than answering the latest draw. Here each request is counted into one line a
// minute (how many, how they ended, how long they took), and a line of its own is written only for
// what someone may have to look into: a failure, a refusal, a slow answer, or a change (sign-in,
// registration, an operator's call). `ACCESS_LOG=all` logs every request (a deployment with no
// proxy log in front); `off` keeps only the minute line.
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { elapsedMs } from '../../lib/request-log.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The minute's counts, and its budget of lines of their own: every line a client's request
     * can cause (a refusal, a malformed request) asks `mayLog` first, so that no flood of them
     * writes more than the budget a minute, whichever part of the server writes it.
     */
    accessMinute: Pick<ReturnType<typeof createMinute>, 'add' | 'mayLog'>;
  }
}

/** Answers slower than this get a line of their own. */
const SLOW_MS = 1_000;
/** Lines of their own per minute, 5xx aside: a flood of refused requests must not flood the log. */
const LINES_PER_MINUTE = 1_000;
const MINUTE_MS = 60_000;
/** Upper bounds (ms) of the latency buckets the minute line reports its percentiles from. */
const BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, Infinity];

export interface MinuteCounts {
  requests: number;
  byStatus: Record<string, number>;
  /** Bounds (ms) under which half and 99% of the answers came: a bucket's, or the slowest answer's. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Notable requests not given a line of their own (past the cap). */
  unlogged: number;
}

const statusClass = (status: number) => Math.min(5, Math.max(0, Math.floor(status / 100)));

export function createMinute() {
  let requests = 0;
  let unlogged = 0;
  let lines = 0;
  let maxMs = 0;
  const byClass = [0, 0, 0, 0, 0, 0];
  const buckets = new Array<number>(BUCKETS.length).fill(0);
  const percentile = (share: number) => {
    const wanted = Math.ceil(requests * share);
    let seen = 0;
    for (let i = 0; i < BUCKETS.length; i += 1) {
      seen += buckets[i]!;
      // The slowest answer is a bound too, and the tighter one when it is below the bucket's.
      if (seen >= wanted) return Math.min(BUCKETS[i]!, Math.ceil(maxMs));
    }
    return Math.ceil(maxMs);
  };
  return {
    add(status: number, ms: number): void {
      requests += 1;
      byClass[statusClass(status)]! += 1;
      let i = 0;
      while (ms > BUCKETS[i]!) i += 1;
      buckets[i]! += 1;
      if (ms > maxMs) maxMs = ms;
    },
    /** Moves one request counted with status `from` to `to` (its answer was replaced). */
    recount(from: number, to: number): void {
      byClass[statusClass(from)]! -= 1;
      byClass[statusClass(to)]! += 1;
    },
    /** Whether a line of its own may still be written this minute (5xx always may). */
    mayLog(status: number): boolean {
      if (status >= 500 || lines < LINES_PER_MINUTE) {
        lines += 1;
        return true;
      }
      unlogged += 1;
      return false;
    },
    /** The minute's figures, then starts the next minute. */
    take(): MinuteCounts | null {
      if (requests === 0) return null;
      const byStatus: Record<string, number> = {};
      byClass.forEach((n, c) => {
        if (n > 0) byStatus[`${c}xx`] = n;
      });
      const out = {
        requests,
        byStatus,
        p50Ms: percentile(0.5),
        p99Ms: percentile(0.99),
        // Rounded up as the percentiles are, so that neither ever reads above the other.
        maxMs: Math.ceil(maxMs),
        unlogged,
      };
      requests = unlogged = lines = maxMs = 0;
      byClass.fill(0);
      buckets.fill(0);
      return out;
    },
  };
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export default fp(
  async (app) => {
    const mode = app.config.accessLog;
    const minute = createMinute();
    // Answers sent before the framework (ready-front.ts) are counted here too.
    app.decorate('accessMinute', minute);
    const timer = setInterval(() => {
      const counts = minute.take();
      if (counts) app.log.info({ minute: counts }, 'requests in the last minute');
    }, MINUTE_MS);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      const counts = minute.take();
      if (counts) app.log.info({ minute: counts }, 'requests since the last minute line');
    });

    app.afterResponse((request: FastifyRequest, reply: FastifyReply, before) => {
      const status = reply.statusCode;
      const ms = elapsedMs(request);
      // Counted already: an answer hook failed and its error goes out instead (one request).
      if (before === undefined) minute.add(status, ms);
      else minute.recount(before, status);
      const notable =
        mode === 'all' ||
        (mode === 'notable' && (status >= 400 || ms >= SLOW_MS || !READS.has(request.method)));
      if (notable && (mode === 'all' || minute.mayLog(status))) {
        // `req` goes through the redacting serializer (lib/log-redaction.ts).
        request.log.info(
          { req: request, res: reply, responseTime: Math.round(ms * 10) / 10 },
          'request',
        );
      }
    });
  },
  { name: 'access-log', dependencies: ['config'] },
);
