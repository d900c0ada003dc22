// `npm run bench stall [-- --days 1096 --exports 4 --history 16 --limit 100]`
//
// Can one visitor stall everyone? Starts the server as `npm start` does (src/server.ts, default
// settings, logging on, demo history of `days` days) on a loopback port, then, while probes
// poll `/draws/latest` and ping the live socket, runs each phase:
//   seed    the background demo history seeding that follows start-up
//   idle    nothing but the probes: the machine's noise floor
//   export  `exports` CSV exports of the 5-minute game at once (without and with a year)
//   pages   `history` deep history pages at once (as deep as allowed), of every year and of single years
//   stats   `history` stats calls at once, long windows not cached yet
// and prints max and p99 of the probes' latency per phase. Exits 1 when a probe waited more
// than `limit` ms in any phase.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';

const { values: args } = parseArgs({
  options: {
    days: { type: 'string', default: '1096' },
    exports: { type: 'string', default: '4' },
    history: { type: 'string', default: '16' },
    limit: { type: 'string', default: '100' },
    'seed-timeout': { type: 'string', default: '300' },
  },
});
const LIMIT_MS = Number(args.limit);
const SERVER = path.join(import.meta.dirname, '../src/server.ts');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-stall-'));
const child = spawn(process.execPath, [SERVER], {
  env: {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_HISTORY_DAYS: args.days,
    LOG_LEVEL: 'info',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let seeded = false;
const port = await new Promise<number>((resolve, reject) => {
  const lines = readline.createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    let entry: { msg?: string; port?: number; gameId?: number };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      return;
    }
    if (entry.msg?.startsWith('kaijiang serving') && entry.port) resolve(entry.port);
    if (entry.msg === 'demo draw history: older draws seeded') seeded = true;
  });
  child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
});
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function get(url: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${url}`, { agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

// --- probes: what every other visitor sees meanwhile ------------------------------------------
interface Probe {
  http: number[];
  ws: number[];
}
let probe: Probe = { http: [], ws: [] };
let probing = true;
/** Probes sent and not yet answered: a stall still going on counts for what it has lasted. */
const pending = new Set<{ kind: keyof Probe; at: number }>();

async function pollLatest(): Promise<void> {
  while (probing) {
    const p = { kind: 'http' as const, at: performance.now() };
    pending.add(p);
    await get('/app-api/api/v2/draws/latest?gameId=110');
    pending.delete(p);
    probe.http.push(performance.now() - p.at);
    await new Promise((r) => setTimeout(r, 20));
  }
}

// The socket allows 2 frames a second each: 10 sockets, staggered, ping every 50 ms between them.
async function pingSockets(): Promise<WebSocket[]> {
  const sockets = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws-game/bench-stall-${i}`);
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
      const sent = new Map<string, { kind: 'ws'; at: number }>();
      ws.on('message', (data) => {
        const { id } = JSON.parse(String(data)) as { id: string };
        const p = sent.get(id);
        if (p === undefined) return;
        probe.ws.push(performance.now() - p.at);
        sent.delete(id);
        pending.delete(p);
      });
      let n = 0;
      setTimeout(() => {
        const timer = setInterval(() => {
          if (!probing || ws.readyState !== WebSocket.OPEN) return clearInterval(timer);
          const id = `p${i}-${n++}`;
          const p = { kind: 'ws' as const, at: performance.now() };
          sent.set(id, p);
          pending.add(p);
          ws.send(JSON.stringify({ id, command: 66, content: 'Ping' }));
        }, 500);
      }, i * 50);
      return ws;
    }),
  );
  return sockets;
}

const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

const results: { phase: string; worst: number }[] = [];
function report(phase: string, note: string): void {
  const now = performance.now();
  for (const p of pending) probe[p.kind].push(now - p.at);
  const row = (name: string, xs: number[]) =>
    `${name} n=${xs.length} p99=${quantile(xs, 0.99).toFixed(1)} ms max=${Math.max(...xs).toFixed(1)} ms`;
  console.log(
    `${phase.padEnd(6)} ${row('latest', probe.http)} | ${row('ws ping', probe.ws)}  (${note})`,
  );
  results.push({ phase, worst: Math.max(...probe.http, ...probe.ws) });
  probe = { http: [], ws: [] };
}

try {
  const polling = pollLatest();
  const sockets = await pingSockets();

  // Phase 1: start-up seeding in the background.
  const seedStart = performance.now();
  const seedLimit = Number(args['seed-timeout']) * 1000;
  while (!seeded && performance.now() - seedStart < seedLimit) {
    await new Promise((r) => setTimeout(r, 200));
  }
  report(
    'seed',
    `${((performance.now() - seedStart) / 1000).toFixed(1)} s${seeded ? '' : ', not finished'}`,
  );
  await new Promise((r) => setTimeout(r, 500));
  probe = { http: [], ws: [] };
  // The probes alone: what this machine gives them when nothing heavy runs (noise floor).
  await new Promise((r) => setTimeout(r, 3000));
  report('idle', '3 s, probes only');

  // Then each kind of heavy call, several at once, as separate phases.
  const year = new Date().getUTCFullYear() - 1;
  const n = Number(args.history);
  const phases: [string, string[]][] = [
    [
      'export',
      Array.from(
        { length: Number(args.exports) },
        (_, i) =>
          `/app-api/api/v2/draws/export.csv?gameId=120${i % 2 ? `&year=${year - (i % 3)}` : ''}`,
      ),
    ],
    [
      'pages',
      Array.from({ length: n }, (_, i) =>
        i % 2
          ? `/app-api/api/v2/draws/history?gameId=120&year=${year - (i % 3)}&page=${4000 + i}&pageSize=20`
          : `/app-api/api/v2/draws/history?gameId=120&page=${5400 + i}&pageSize=20`,
      ),
    ],
    [
      'stats',
      Array.from(
        { length: n },
        (_, i) => `/app-api/api/v2/draws/stats?gameId=120&window=${1000 - i}`,
      ),
    ],
  ];
  for (const [phase, urls] of phases) {
    const started = performance.now();
    const answers = await Promise.all(urls.map((u) => get(u)));
    const mb = answers.reduce((sum, a) => sum + a.bytes, 0) / 1e6;
    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    const statusText = [...statuses].map(([code, k]) => `${k}×${code}`).join(' ');
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    report(phase, `${urls.length} calls, ${statusText}, ${mb.toFixed(1)} MB in ${secs} s`);
    await new Promise((r) => setTimeout(r, 300));
    probe = { http: [], ws: [] };
  }

  probing = false;
  await polling;
  for (const ws of sockets) ws.close();
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  agent.destroy();
  await fs.rm(dataDir, { recursive: true, force: true });
}

const worst = Math.max(...results.map((r) => r.worst));
console.log(`worst probe: ${worst.toFixed(1)} ms (limit ${LIMIT_MS} ms)`);
process.exit(worst > LIMIT_MS ? 1 : 0);
