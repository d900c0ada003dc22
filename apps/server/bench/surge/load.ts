// `bench surge`'s page and API traffic, in a process of its own: autocannon at fixed rates.
import autocannon from '../load-client.ts';

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
}

function figures(r: autocannon.Result): LoadFigures {
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const NONE: LoadFigures = { requests: 0, rps: 0, p50: 0, p99: 0, max: 0, errors: 0, non2xx: 0 };

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
        ? autocannon({
            url: m.origin,
            duration: m.seconds,
            // Enough connections that a slow answer does not hold the rate back.
            connections: Math.max(10, Math.ceil(rate / 10)),
            overallRate: rate,
            headers: { 'accept-encoding': 'br, gzip' },
            ...opts,
          })
        : Promise.resolve(null);
    const [page, assets, api] = await Promise.all([
      run(m.pagesPerSecond, {
        url: m.origin + pagePath,
        headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' },
      }),
      // What each first visit fetches next: its scripts and styles, in turn.
      run(m.filesPerSecond, { requests: files.map((p) => ({ method: 'GET', path: p })) }),
      run(m.apiPerSecond, { url: m.origin + m.apiPath }),
    ]);
    const of = (r: autocannon.Result | null) => (r ? figures(r) : NONE);
    process.send!({ seq: m.seq, page: of(page), files: of(assets), api: of(api) });
  });
  process.on('disconnect', () => process.exit(0));
}
