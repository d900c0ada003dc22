// `bench surge`'s page and API traffic, in a process of its own: autocannon at fixed rates.
import autocannon from '../load-client.ts';
import { percentile } from '../peer.ts';

export type LoadCommand = {
  seq: number;
  type: 'run';
  origin: string;
  seconds: number;
  pagesPerSecond: number;
  /** The files of the page loads that are first visits, all together. */
  filesPerSecond: number;
  apiPerSecond: number;
  /** The page and the files it names (scripts, styles), each loaded once per page load. */
  pagePaths: string[];
  apiPath: string;
};

export interface LoadFigures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  non2xx: number;
  /** The second of the run whose answers were slowest at p99 (seconds from the run's start). */
  worst: { second: number; p99: number; answers: number } | null;
}

/** The p99 of the answers of each second of the run; the worst of them. */
function worstSecond(bySecond: Map<number, number[]>): LoadFigures['worst'] {
  let worst: LoadFigures['worst'] = null;
  for (const [second, times] of bySecond) {
    const p99 = percentile(Float64Array.from(times).sort(), 99);
    if (!worst || p99 > worst.p99) worst = { second, p99, answers: times.length };
  }
  return worst;
}

function figures(r: autocannon.Result, worst: LoadFigures['worst']): LoadFigures {
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    worst,
  };
}

const NONE: LoadFigures = {
  requests: 0,
  rps: 0,
  p50: 0,
  p99: 0,
  max: 0,
  errors: 0,
  non2xx: 0,
  worst: null,
};

/**
 * Runs the parts of a command whose rate is above zero. The bench gives each part (pages, files,
 * polls) a process of its own: in one event loop, the 8,000 file requests a second of a full
 * first-visit load delayed the reading of the polls' answers, and their latency with it.
 */
export function runLoad(): void {
  process.on('message', async (m: LoadCommand) => {
    const [pagePath, ...files] = m.pagePaths;
    const run = (rate: number, opts: Partial<autocannon.Options>) =>
      rate > 0
        ? new Promise<LoadFigures>((resolve, reject) => {
            const bySecond = new Map<number, number[]>();
            const started = Date.now();
            const instance = autocannon(
              {
                url: m.origin,
                duration: m.seconds,
                // Enough connections that a slow answer does not hold the rate back.
                connections: Math.max(10, Math.ceil(rate / 10)),
                overallRate: rate,
                headers: { 'accept-encoding': 'br, gzip' },
                // The percentiles are those of the answers themselves. With a rate, autocannon
                // adds made-up answers for coordinated omission at an expected interval of
                // ceil(1 / rate): seconds of a per-connection rate, recorded as milliseconds, so
                // 1 ms whatever the rate, and an answer of X ms counted X times (X - 1 more of
                // X - 1, X - 2 ... 1 ms). A connection here sends its ten requests of a second back
                // to back (autocannon's limiter), so a slow answer holds none back while the rate
                // holds, and req/s shows when it does not. Measured: 100 polls of ~100 ms in the
                // load's first second (and none over 25 ms after it) made a p99 of 86 ms.
                ignoreCoordinatedOmission: true,
                ...opts,
              },
              (err, result) =>
                err ? reject(err) : resolve(figures(result, worstSecond(bySecond))),
            );
            instance.on('response', (_client, _status, _bytes, ms) => {
              const second = Math.floor((Date.now() - started) / 1000);
              const times = bySecond.get(second);
              if (times) times.push(ms);
              else bySecond.set(second, [ms]);
            });
          })
        : Promise.resolve(NONE);
    const [page, assets, api] = await Promise.all([
      run(m.pagesPerSecond, {
        url: m.origin + pagePath,
        headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' },
      }),
      // What each first visit fetches next: its scripts and styles, in turn.
      run(m.filesPerSecond, { requests: files.map((p) => ({ method: 'GET', path: p })) }),
      run(m.apiPerSecond, { url: m.origin + m.apiPath }),
    ]);
    process.send!({ seq: m.seq, page, files: assets, api });
  });
  process.on('disconnect', () => process.exit(0));
}
