// `npm run bench history [-- --requests 200] [--record]`
//
// The real Hong Kong history (1993–2026, apps/server/data) as visitors read it: the server
// started as `npm start` starts it (its own process, default settings) on a temporary data dir,
// measured once the first start has loaded the history. Prints how long the load took, then
// p50/p99 of: history pages by year (every year back to 1993), the trend chart of the whole
// history (`limit=all`, every kind), and searches by date over the whole span (each a search no
// one asked before, then the same again; by dates alone, a year at a time). Exits 1 when a p99 is
// over 20 ms (issue 42). `--record` writes the figures to docs/perf/history.json
// (scripts/lib/perf-record.mjs).
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { TREND_KINDS } from '@kaijiang/domain';
import { recordFigures } from '../../../scripts/lib/perf-record.mjs';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '200' },
    target: { type: 'string', default: '20' },
    record: { type: 'boolean', default: false },
  },
});

const ROOT = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

// node:http with one kept-alive socket: fetch's own overhead showed up as the tail otherwise.
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timed(urls: string[]): Promise<number[]> {
  const times: number[] = [];
  for (const url of urls) {
    const t0 = performance.now();
    const res = await get(url);
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
  }
  return times.sort((a, b) => a - b);
}

async function main(): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-history-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}/app-api/api/v2/draws`;
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    // The other games' demo history kept short: this measures game 111.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_HISTORY_DAYS: '30',
      // One client asks everything: the per-address read quota would answer 429.
      READ_LIMIT_EXEMPT: '127.0.0.1',
    },
  });
  const stop = setTimeout(() => {
    console.error('bench history: gave up after 5 minutes');
    server.kill('SIGKILL');
    process.exit(1);
  }, 300_000);
  try {
    const loaded = await new Promise<{ imported: number; simulated: number; ms: number }>(
      (resolve, reject) => {
        const lines = readline.createInterface({ input: server.stdout! });
        lines.on('line', (line) => {
          if (line.includes('real Hong Kong history loaded')) resolve(JSON.parse(line));
          if (line.includes('real Hong Kong history not loaded')) reject(new Error(line));
        });
        server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
      },
    );
    console.log(
      `first start: ${loaded.imported} real draws (with prize records) and ${loaded.simulated} ` +
        `simulated ones loaded in ${loaded.ms} ms`,
    );
    const n = Number(args.requests);
    const target = Number(args.target);
    const years = Array.from({ length: 2026 - 1993 + 1 }, (_, i) => 1993 + i);
    const cycle = <T>(list: T[], count: number) =>
      Array.from({ length: count }, (_, i) => list[i % list.length]!);
    const groups: [string, string[]][] = [
      [
        'history, page 1 of each year 1993–2026',
        cycle(years, n).map((y) => `${base}/history?gameId=111&year=${y}&pageSize=20`),
      ],
      [
        'history, all years, pages 1–200',
        cycle(
          Array.from({ length: 200 }, (_, i) => i + 1),
          n,
        ).map((p) => `${base}/history?gameId=111&page=${p}&pageSize=20`),
      ],
      [
        'trend limit=all, every kind',
        cycle([...TREND_KINDS], n).map((k) => `${base}/trend?gameId=111&kind=${k}&limit=all`),
      ],
      [
        'search 1993-01-01…2026-12-31, new searches',
        Array.from(
          { length: n },
          (_, i) =>
            `${base}/search?gameId=111&numbers=${(i % 49) + 1},${((i * 7) % 49) + 1}&position=any&from=1993-01-01&to=2026-12-31&pageSize=20`,
        ),
      ],
      [
        'search 1993-01-01…2026-12-31, asked before',
        cycle(
          Array.from(
            { length: 20 },
            (_, i) =>
              `${base}/search?gameId=111&numbers=${i + 1}&position=special&from=1993-01-01&to=2026-12-31&pageSize=20`,
          ),
          n,
        ),
      ],
      [
        'search by dates alone, each year 1993–2026',
        cycle(years, n).map(
          (y) => `${base}/search?gameId=111&from=${y}-01-01&to=${y}-12-31&pageSize=20`,
        ),
      ],
    ];
    const rows: { figure: string; value: string; target: string; met: boolean | null }[] = [
      {
        figure: 'first start: real Hong Kong history 1993–2026 loaded',
        value: `${(loaded.ms / 1000).toFixed(1)} s (${loaded.imported} draws)`,
        target: '',
        met: null,
      },
    ];
    let failed = false;
    console.log(
      `\n${'what'.padEnd(46)} first ms   p50 ms   p99 ms   ('first': slowest first build)`,
    );
    for (const [name, urls] of groups) {
      // Each distinct answer once (its first build, reported as the slowest of them), then all.
      const firsts = await timed([...new Set(urls)].slice(0, name.includes('new') ? 1 : undefined));
      const first = firsts.at(-1)!;
      const times = await timed(name.includes('new') ? urls.slice(1) : urls);
      const p99 = quantile(times, 0.99);
      if (p99 > target) failed = true;
      rows.push({
        figure: `game 111 ${name}: p50 / p99`,
        value: `${quantile(times, 0.5).toFixed(1)} / ${p99.toFixed(1)} ms`,
        target: `p99 ≤ ${target} ms`,
        met: p99 <= target,
      });
      console.log(
        `${name.padEnd(46)} ${first.toFixed(1).padStart(8)} ${quantile(times, 0.5).toFixed(1).padStart(8)} ` +
          `${p99.toFixed(1).padStart(8)}${p99 > target ? `  OVER ${target} ms` : ''}`,
      );
    }
    console.log(
      `\n(machine load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    if (args.record) recordFigures('history', rows);
    if (failed) console.error(`bench history: a p99 is over ${target} ms`);
    return failed ? 1 : 0;
  } finally {
    clearTimeout(stop);
    server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

process.exit(await main());
