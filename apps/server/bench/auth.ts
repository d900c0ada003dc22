// `npm run bench auth [-- --seconds=10 --concurrency=8 --logn=17 --hash-concurrency=2]`
// Sign-in throughput and latency with the real password hashing, on loopback only: a server on
// 127.0.0.1:0 with a temporary SQLite database, default limits and logging on (to a file), a pool
// of members, and `concurrency` clients signing in back to back for `seconds`. Also reports
// event-loop delay (scrypt runs on the thread pool, so the loop must stay free) and peak RSS (each
// running hash holds 128·N·r bytes).
// Then a guessing burst: 100 wrong passwords for one account at once (from one address, then from
// 100), each re-sent as soon as it is refused as busy, while a bystander from another address
// signs in to another account; prints the hashes the burst got evaluated and the bystander's
// latency beside its latency on an idle server. Every client has its own loopback address
// (127.x.y.z), as visitors have their own addresses.
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hashEvents, scryptMemory, type HashEvent } from '../src/services/members/password.ts';
import { formClient, type AttackResult } from './auth-attacker.ts';

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
const BURST = 100;
const BYSTANDER_SIGN_INS = 10;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-auth-'));
const config = {
  ...loadConfig({ DRAW_ENGINE: 'off', DEMO_HISTORY_DAYS: '0' }),
  dataDir,
  database: { kind: 'sqlite' as const, file: path.join(dataDir, 'bench.sqlite') },
  webDist: path.join(dataDir, 'web'),
  passwords: { scryptLogN: logN, hashConcurrency },
};
const logFile = path.join(dataDir, 'server.log');
const app = await buildApp(config, {
  logger: { level: config.logLevel, stream: createWriteStream(logFile) },
});
// Server-side time of each bystander request (from its first byte to the reply being sent).
const serverMs = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  if (!request.ip.startsWith('127.5.')) return;
  serverMs.set(request.ip, [...(serverMs.get(request.ip) ?? []), reply.elapsedTime]);
});
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as { port: number };

const health = await fetch(`http://127.0.0.1:${port}/app-api/health`, {
  headers: { 'sec-fetch-site': 'same-origin' },
});
const xsrf = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
if (!xsrf) throw new Error('no XSRF cookie');

const { post, close: closeClients } = formClient(port, xsrf);
const address = (block: number, i: number) => `127.${block}.${(i >> 8) & 255}.${(i & 255) + 1}`;

const names = Array.from({ length: MEMBERS }, (_, i) => `bench_${i}_${Date.now() % 100000}`);
const t0 = performance.now();
await Promise.all(
  names.map(async (username, i) => {
    const res = await post(address(2, i), '/app-api/v/user/reg', { username, password: PASSWORD });
    if (res.status !== 200) throw new Error(`register: ${res.status} ${res.msg}`);
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
      // Members of this client only, so no two clients sign in to one account at once.
      const username = names[(c + i * concurrency) % names.length]!;
      const t = performance.now();
      const res = await post(address(1, c), '/app-api/v/user/login', {
        username,
        password: PASSWORD,
      });
      latencies.push(performance.now() - t);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
loop.disable();
clearInterval(rssTimer);

// --- The burst -------------------------------------------------------------------------------
const hashes: (HashEvent & { at: number })[] = [];
hashEvents.subscribe((m) => void hashes.push({ ...(m as HashEvent), at: performance.now() }));

/** Sign-ins of the bystander (its own address and account), one after another. */
async function bystander(
  from: string,
  username: string,
): Promise<{ ms: number[]; statuses: number[] }> {
  const ms: number[] = [];
  const got: number[] = [];
  for (let i = 0; i < BYSTANDER_SIGN_INS; i++) {
    const t = performance.now();
    const res = await post(from, '/app-api/v/user/login', { username, password: PASSWORD });
    ms.push(performance.now() - t);
    got.push(res.status);
  }
  return { ms, statuses: got };
}

async function burst(
  label: string,
  victim: string,
  from: (i: number) => string,
  helper: { from: string; username: string },
) {
  hashes.length = 0;
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t = performance.now();
  // The attackers run in a thread of their own: their client work must not land on the server's
  // event loop, as it would not in real life.
  const worker = new Worker(new URL('./auth-attacker.ts', import.meta.url), {
    workerData: {
      role: 'attacker',
      port,
      xsrf,
      victim,
      from: Array.from({ length: BURST }, (_, i) => from(i)),
    },
  });
  const attack = new Promise<AttackResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  const [{ answers, requests }, by] = await Promise.all([
    attack,
    bystander(helper.from, helper.username),
  ]);
  await worker.terminate();
  const burstMs = performance.now() - t;
  delay.disable();
  const helperKey = `ip:${helper.from}`;
  // The bystander's turns in the hashing queue: tasks ahead when it queued, and the wait.
  const mine = hashes.filter((e) => e.key === helperKey);
  const queued = mine.filter((e) => e.phase === 'queued');
  const ahead = Math.max(0, ...queued.map((e) => (e.phase === 'queued' ? e.ahead : 0)));
  const hashMs = mine
    .filter((e) => e.phase === 'start')
    .map((st) => (mine.find((e) => e.phase === 'done' && e.at >= st.at)?.at ?? st.at) - st.at);
  let waited = 0;
  for (const q of queued) {
    const start = mine.find((e) => e.phase === 'start' && e.at >= q.at);
    if (start) waited = Math.max(waited, start.at - q.at);
  }
  const evaluated = hashes.filter((e) => e.phase === 'start' && e.key !== helperKey).length;
  const final = new Map<string, number>();
  for (const a of answers) {
    const k = a.status === 400 ? '400 wrong password' : `${a.status} ${a.msg}`;
    final.set(k, (final.get(k) ?? 0) + 1);
  }
  console.log(`\n${label}`);
  console.log(
    `  burst:      ${BURST} guesses, ${requests} requests with the busy re-sends, ${ms(burstMs)}`,
  );
  console.log(`  hashes:     ${evaluated} evaluated for the burst`);
  console.log(`  answers:    ${[...final].map(([k, n]) => `${n}× ${k}`).join('; ')}`);
  printBystander(by);
  console.log(
    `  queue:      bystander queued ${queued.length} of ${BYSTANDER_SIGN_INS} times, at most ${ahead} ` +
      `hash(es) ahead, longest wait for a slot ${ms(waited)}; its hashes took ` +
      hashMs.map((v) => v.toFixed(0)).join(' ') +
      ' ms',
  );
  console.log(
    `  event loop: p99 delay ${(delay.percentile(99) / 1e6).toFixed(1)} ms, max ${(delay.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `  server:     bystander requests took ${(serverMs.get(helper.from) ?? []).map((v) => v.toFixed(0)).join(' ')} ms on the server`,
  );
}

const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
const ms = (v: number) => `${v.toFixed(0)} ms`;
const mib = (b: number) => `${(b / 2 ** 20).toFixed(0)} MiB`;
function printBystander(by: { ms: number[]; statuses: number[] }) {
  const s = sorted(by.ms);
  const codes = new Map<number, number>();
  for (const c of by.statuses) codes.set(c, (codes.get(c) ?? 0) + 1);
  console.log(
    `  bystander:  ${by.ms.length} sign-ins (${[...codes].map(([c, n]) => `${n}× ${c}`).join(', ')}), ` +
      `p50 ${ms(s[Math.floor(s.length / 2)]!)}  max ${ms(s.at(-1)!)}  (${by.ms.map((v) => v.toFixed(0)).join(' ')})`,
  );
}

console.log(
  `\nbench auth: POST /app-api/v/user/login over loopback, ${os.cpus().length} CPUs, Node ${process.version}`,
);
console.log(
  `scrypt N=2^${logN} r=8 p=1 (${mib(scryptMemory({ logN, r: 8, p: 1 }))} per hash), ` +
    `${hashConcurrency} hashes at once, default limits, logging at ${config.logLevel} to a file`,
);
console.log(`registered ${MEMBERS} members in ${ms(registerMs)}`);
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
console.log(`\nthroughput, ${concurrency} clients (own addresses) for ${seconds} s`);
console.log(
  `  sign-ins:   ${latencies.length} (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')})`,
);
console.log(`  throughput: ${(latencies.length / elapsed).toFixed(1)} sign-ins/s`);
console.log(
  `  latency:    p50 ${ms(pct(50))}  p90 ${ms(pct(90))}  p99 ${ms(pct(99))}  max ${ms(pct(100))}`,
);
console.log(
  `  event loop: p99 delay ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
);
console.log(`  memory:     RSS ${mib(rssBefore)} before, peak ${mib(peakRss)}`);

console.log(`\nbystander on an idle server`);
printBystander(await bystander(address(5, 0), names[1]!));
await burst(
  `${BURST} guesses at once for one account from ONE address, bystander from another`,
  names[0]!,
  () => address(6, 0),
  { from: address(5, 1), username: names[2]! },
);
await burst(
  `${BURST} guesses at once for one account from ${BURST} addresses, bystander from another`,
  names[3]!,
  (i) => address(7, i),
  { from: address(5, 2), username: names[4]! },
);

closeClients();
await app.close();
await fs.rm(dataDir, { recursive: true, force: true });
