// `npm run bench auth [-- --seconds=10 --concurrency=8 --logn=17 --hash-concurrency=2]`
// Sign-in throughput and latency with the real password hashing, on loopback only: a server on
// 127.0.0.1:0 with a temporary SQLite database, a pool of members, and `concurrency` clients
// signing in back to back for `seconds`. Also reports event-loop delay (scrypt runs on the thread
// pool, so the loop must stay free) and peak RSS (each running hash holds 128·N·r bytes).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { scryptMemory } from '../src/members/password.ts';

const arg = (name: string, fallback: number, max: number): number => {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new Error(`--${name} must be 1–${max}`);
  return n;
};
const seconds = arg('seconds', 10, 120);
const concurrency = arg('concurrency', 8, 64);
const logN = arg('logn', 17, 20);
const hashConcurrency = arg('hash-concurrency', 2, 16);
const MEMBERS = 16;
const PASSWORD = 'bench-harbour-42';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-auth-'));
const config = {
  ...loadConfig({ LOG_LEVEL: 'silent', DRAW_ENGINE: 'off', DEMO_HISTORY_DAYS: '0' }),
  dataDir,
  database: { kind: 'sqlite' as const, file: path.join(dataDir, 'bench.sqlite') },
  webDist: path.join(dataDir, 'web'),
  passwords: { scryptLogN: logN, hashConcurrency },
};
// Every bench client is 127.0.0.1 and registers several members: lift the per-address limits.
const roomy = { max: 1_000_000, windowMs: 60_000, baseLockMs: 1, maxLockMs: 1, memoryMs: 1 };
const app = await buildApp(config, {
  logger: false,
  members: { limits: { loginAddress: roomy, register: roomy }, hashQueue: 1024 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };
const base = `http://127.0.0.1:${port}`;

const health = await fetch(`${base}/app-api/health`);
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
if (!xsrf) throw new Error('no XSRF cookie');
const headers = {
  'content-type': 'application/x-www-form-urlencoded',
  cookie: `XSRF-TOKEN=${xsrf}`,
  'x-xsrf-token': xsrf,
};
const post = (url: string, form: Record<string, string>) =>
  fetch(`${base}${url}`, { method: 'POST', headers, body: new URLSearchParams(form) });

const names = Array.from({ length: MEMBERS }, (_, i) => `bench_${i}_${Date.now() % 100000}`);
const t0 = performance.now();
await Promise.all(
  names.map(async (username) => {
    const res = await post('/app-api/v/user/reg', { username, password: PASSWORD });
    if (res.status !== 200) throw new Error(`register: ${res.status} ${await res.text()}`);
  }),
);
const registerMs = performance.now() - t0;

const loop = monitorEventLoopDelay({ resolution: 10 });
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
globalThis.gc?.();
const rssBefore = process.memoryUsage().rss;

const latencies: number[] = [];
const statuses = new Map<number, number>();
const deadline = performance.now() + seconds * 1000;
loop.enable();
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async (_, c) => {
    for (let i = 0; performance.now() < deadline; i++) {
      const username = names[(c + i * concurrency) % names.length]!;
      const t = performance.now();
      const res = await post('/app-api/v/user/login', { username, password: PASSWORD });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
loop.disable();
clearInterval(rssTimer);
await app.close();
await fs.rm(dataDir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
const ms = (v: number) => `${v.toFixed(0)} ms`;
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;

console.log(`\nbench auth: POST /app-api/v/user/login over loopback, ${os.cpus().length} CPUs, Node ${process.version}`);
console.log(
  `scrypt N=2^${logN} r=8 p=1 (${mib(scryptMemory({ logN, r: 8, p: 1 }))} per hash), ` +
    `${hashConcurrency} hashes at once, ${concurrency} clients, ${seconds} s`,
);
console.log(`registered ${MEMBERS} members in ${ms(registerMs)}`);
console.log(`sign-ins:     ${latencies.length} (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')})`);
console.log(`throughput:   ${(latencies.length / elapsed).toFixed(1)} sign-ins/s`);
console.log(`latency:      p50 ${ms(pct(50))}  p90 ${ms(pct(90))}  p99 ${ms(pct(99))}  max ${ms(pct(100))}`);
console.log(
  `event loop:   p99 delay ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
console.log(`memory:       RSS ${mib(rssBefore)} before, peak ${mib(peakRss)}`);
