// `npm run bench trend [-- --requests 200 --days 1096 --games 120,110 --limit 500] [--record]`
//
// Trend charts (docs/architecture.md §11) as visitors get them: the server started as `npm start` starts it
// (its own process, default settings, logging on) on a temporary data dir with `days` of demo
// history (three years by default), measured once the history is seeded. For each game and kind,
// `requests` calls of the largest chart (limit=500; `--games 111 --limit all` is the real Hong
// Kong history, 1993 on) one after another; prints p50/p99 per kind and exits 1 when a p99 is
// over 20 ms (issue 13). `--record` writes each game's slowest kind to docs/perf/trend.json.
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
    days: { type: 'string', default: '1096' },
    games: { type: 'string', default: '120,110' },
    limit: { type: 'string', default: '500' },
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

let measuring = false;
const serverTimes: number[] = [];

async function main(): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-trend-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_HISTORY_DAYS: args.days,
      // A line per request: the server's own time per answer is read from it.
      ACCESS_LOG: 'all',
    },
  });
  const stop = setTimeout(() => {
    console.error('bench trend: gave up after 10 minutes');
    server.kill('SIGKILL');
    process.exit(1);
  }, 600_000);
  try {
    const started = performance.now();
    // The history is seeded in the background; the server says when the older draws are in.
    // Game 111's real history (1993 on) loads on its own: waited for too when it is measured.
    const games = args.games.split(',');
    const waits = new Set<string>();
    if (games.some((g) => g !== '111')) waits.add('older draws seeded');
    if (games.includes('111')) waits.add('real Hong Kong history loaded');
    await new Promise<void>((resolve, reject) => {
      const lines = readline.createInterface({ input: server.stdout! });
      lines.on('line', (line) => {
        for (const w of waits) if (line.includes(w)) waits.delete(w);
        if (waits.size === 0) resolve();
        // The server's own time per answer (its request log), to tell its part from the client's.
        const m = /"responseTime":([\d.]+)/.exec(line);
        if (m && measuring) serverTimes.push(Number(m[1]));
      });
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const seeded = (await (
      await fetch(`${base}/app-api/api/v2/draws/history?gameId=120&pageSize=1`)
    ).json()) as { data: { total: number } };
    console.log(
      `history seeded in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(game 120: ${seeded.data.total} finished draws)`,
    );

    let failed = false;
    const target = Number(args.target);
    measuring = true;
    console.log('\ngame  kind                   first ms   p50 ms   p99 ms   gzip bytes');
    const rows: { figure: string; value: string; target: string; met: boolean }[] = [];
    for (const gameId of args.games.split(',').map(Number)) {
      let worst = { kind: '', p50: 0, p99: -1 };
      for (const kind of TREND_KINDS) {
        const url = `${base}/app-api/api/v2/draws/trend?gameId=${gameId}&kind=${kind}&limit=${args.limit}`;
        const times: number[] = [];
        let first = 0;
        let bytes = 0;
        for (let i = 0; i < Number(args.requests); i++) {
          const t0 = performance.now();
          const res = await get(url);
          const ms = performance.now() - t0;
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
          if (i === 0) first = ms;
          else times.push(ms);
          bytes = res.bytes;
        }
        times.sort((a, b) => a - b);
        const p99 = quantile(times, 0.99);
        if (p99 > target) failed = true;
        if (p99 > worst.p99) worst = { kind, p50: quantile(times, 0.5), p99 };
        console.log(
          `${String(gameId).padEnd(5)} ${kind.padEnd(22)} ${first.toFixed(1).padStart(8)} ` +
            `${quantile(times, 0.5).toFixed(1).padStart(8)} ${p99.toFixed(1).padStart(8)} ` +
            `${String(bytes).padStart(7)}${p99 > target ? `  OVER ${target} ms` : ''}`,
        );
      }
      rows.push({
        figure: `trend game ${gameId} limit=${args.limit}, slowest kind (${worst.kind}): p50 / p99`,
        value: `${worst.p50.toFixed(1)} / ${worst.p99.toFixed(1)} ms`,
        target: `p99 ≤ ${target} ms`,
        met: worst.p99 <= target,
      });
    }
    serverTimes.sort((a, b) => a - b);
    if (serverTimes.length) {
      console.log(
        `\nthe server's own time per answer (its request log, ${serverTimes.length} answers): ` +
          `p50 ${quantile(serverTimes, 0.5).toFixed(2)} ms, p99 ${quantile(serverTimes, 0.99).toFixed(2)} ms`,
      );
    }
    console.log(
      `\n(machine load: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    if (args.record) recordFigures('trend', rows);
    if (failed) console.error(`bench trend: a p99 is over ${target} ms`);
    return failed ? 1 : 0;
  } finally {
    clearTimeout(stop);
    server.kill('SIGTERM');
    await fs.rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

process.exit(await main());
