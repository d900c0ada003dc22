// `npm run fuzz [-- --count 10000 --seed N --concurrency 8 --skip <path regex>]`
//
// The full fuzz run against a real server process, started as `npm start` starts it (the web
// build, default settings, logging on, draw engine on), on a random loopback port with a temp
// DATA_DIR. Prints requests, statuses, 5xx, RSS before/peak/after, open descriptors and duration;
// exits 1 on any 5xx, violation, crash, memory or descriptor growth.
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { UPGRADE_TIMEOUT_MS } from '../src/plugins/external/websocket.ts';
import { KNOWN_FIXED_ON_OTHER_BRANCHES } from './check.ts';
import { openApiRoutes, routeCollector } from './routes.ts';
import { sendRaw } from './raw-http.ts';
import { health, prepareContext, probeGuards, runFuzz, summarize, type Target } from './run.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    concurrency: { type: 'string', default: '8' },
    // Enough to fill the bounded caches (200 rendered pages, the draw LRUs) before the baseline:
    // a cache reaching its bound is not memory that fails to come back.
    warmup: { type: 'string', default: '4000' },
    sockets: { type: 'string', default: '40' },
    /** Leave out routes whose path matches (e.g. `export` to tell its stall from others). */
    skip: { type: 'string' },
  },
});
const COUNT = Number(args.count);
const SEED = args.seed !== undefined ? Number(args.seed) : randomInt(2 ** 31);
const MEMORY_SLACK = 1.2;
const MB = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) * 1024;
}
const fdsOf = (pid: number): number => fs.readdirSync(`/proc/${pid}/fd`).length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The routes of this code base, from a throwaway in-process build (nothing listens). */
async function collect(adminToken: string) {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kj-fuzz-routes-'));
  const { routes, onRoute } = routeCollector();
  const config = loadConfig({
    DATA_DIR: dir,
    DRAW_ENGINE: 'off',
    DEMO_HISTORY_DAYS: '0',
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN: adminToken,
  });
  const app = await buildApp(config, { logger: false, onRoute });
  await app.close();
  await fsp.rm(dir, { recursive: true, force: true });
  return routes;
}

interface Server {
  pid: number;
  port: number;
  errors: string[];
  exited: () => string | null;
  stop: () => Promise<void>;
}

async function startServer(dataDir: string, adminToken: string): Promise<Server> {
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/node'),
    [path.join(ROOT, 'apps/server/src/server.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_TOKEN: adminToken,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let exit: string | null = null;
  const errors: string[] = [];
  child.on('exit', (code, signal) => (exit = `exit ${code ?? signal}`));
  child.stderr.on('data', (d: Buffer) => errors.push(d.toString('utf8').slice(0, 2000)));
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      let entry: { level?: number; port?: number; msg?: string };
      try {
        entry = JSON.parse(line) as typeof entry;
      } catch {
        return;
      }
      if ((entry.level ?? 0) >= 50) errors.push(line.slice(0, 2000));
      if (entry.port && entry.msg?.includes('serving')) resolve(entry.port);
    });
    child.on('exit', () =>
      reject(new Error(`server exited before listening: ${errors.join('\n')}`)),
    );
  });
  return {
    pid: child.pid!,
    port,
    errors,
    exited: () => exit,
    async stop() {
      if (exit) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(10_000)]);
      if (!exit) child.kill('SIGKILL');
    },
  };
}

async function main(): Promise<number> {
  const failures: string[] = [];
  const adminToken = randomBytes(32).toString('base64url');
  const { ensureWebBuild } = (await import(path.join(ROOT, 'scripts/lib/ensure.mjs'))) as {
    ensureWebBuild: () => void;
  };
  ensureWebBuild();
  const skip = args.skip ? new RegExp(args.skip) : null;
  const allRoutes = await collect(adminToken);
  const routes = allRoutes.filter((r) => !skip?.test(r.url));
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'kj-fuzz-'));
  console.info(
    `› fuzz: seed ${SEED}, ${COUNT} requests, ${routes.length} routes, DATA_DIR ${dataDir}`,
  );
  const server = await startServer(dataDir, adminToken);
  const target: Target = { host: '127.0.0.1', port: server.port };
  try {
    for (let i = 0; i < 120 && !(await health(target)); i++) await sleep(500);

    const doc = JSON.parse(
      (
        await sendRaw(
          Buffer.from(`GET /app-api/docs/json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`),
          target,
        )
      ).answer?.body.toString() ?? '{}',
    ) as Parameters<typeof openApiRoutes>[0];
    const strip = (u: string) => u.replace(/\([^)]*\)/g, '');
    const known = new Set(allRoutes.map((r) => `${r.method} ${strip(r.url)}`));
    const missing = openApiRoutes(doc).filter((r) => !known.has(`${r.method} ${strip(r.url)}`));
    if (missing.length)
      failures.push(`documented routes not in the fuzz list: ${JSON.stringify(missing)}`);

    const { ctx, signIn } = await prepareContext(target, adminToken);
    const guards = await probeGuards(target, routes, ctx);
    console.info(`› ${guards.size} guarded routes (401 without credentials)`);

    // Warm-up with another seed: JIT, caches and pools settle before the baseline.
    await runFuzz({
      target,
      routes,
      guards,
      ctx,
      signIn,
      count: Number(args.warmup),
      seed: SEED ^ 0x5eed,
      concurrency: Number(args.concurrency),
    });
    await sleep(3_000);
    const rssBefore = rssOf(server.pid);
    const fdsBefore = fdsOf(server.pid);

    // A client that never finishes its headers: the server should drop it (issue 11 §10).
    const slow = net.connect(target);
    slow.write(`GET /app-api/health HTTP/1.1\r\nHost: x\r\nX-Slow: `);
    const slowStarted = Date.now();
    let slowClosedAfter: number | null = null;
    slow.on('error', () => undefined);
    // Read what the server answers (its 408): a paused socket never reports the close after it.
    slow.resume();
    slow.on('close', () => (slowClosedAfter = Date.now() - slowStarted));

    let rssPeak = rssBefore;
    let healthMax = 0;
    let healthFailures = 0;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        rssPeak = Math.max(rssPeak, rssOf(server.pid));
        const started = performance.now();
        if (!(await health(target))) healthFailures++;
        healthMax = Math.max(healthMax, performance.now() - started);
        await sleep(250);
      }
    })();

    let lastReport = 0;
    const stats = await runFuzz({
      target,
      routes,
      guards,
      ctx,
      signIn,
      count: COUNT,
      seed: SEED,
      concurrency: Number(args.concurrency),
      sockets: Number(args.sockets),
      onProgress: (n) => {
        if (n - lastReport >= 1000) {
          lastReport = n;
          console.info(`  … ${n} requests, RSS ${MB(rssOf(server.pid))}`);
        }
      },
    });
    sampling = false;
    await sampler;

    // Back to rest: V8 shrinks its heap once the allocation rate drops; give it time.
    let rssAfter = rssOf(server.pid);
    const settleUntil = Date.now() + Math.max(30_000, UPGRADE_TIMEOUT_MS + 2_000);
    for (;;) {
      rssAfter = rssOf(server.pid);
      const fdsNow = fdsOf(server.pid);
      if (
        (rssAfter <= rssBefore * MEMORY_SLACK && fdsNow <= fdsBefore + 2) ||
        Date.now() > settleUntil
      )
        break;
      await sleep(1_000);
    }
    const fdsAfter = fdsOf(server.pid);
    const alive = !server.exited() && (await health(target));
    slow.destroy();

    console.info(`\n${summarize(stats)}`);
    console.info(
      `RSS before ${MB(rssBefore)}, peak ${MB(rssPeak)}, after ${MB(rssAfter)} ` +
        `(${((rssAfter / rssBefore - 1) * 100).toFixed(1)} %, limit +${Math.round((MEMORY_SLACK - 1) * 100)} %)`,
    );
    console.info(`open descriptors before ${fdsBefore}, after ${fdsAfter}`);
    console.info(
      `health during the run: slowest ${Math.round(healthMax)} ms, ${healthFailures} failed` +
        (healthFailures && stats.knownHoles['heavy-call-stall']
          ? ' (known hole heavy-call-stall, helper D)'
          : '') +
        '; ' +
        `a client that never finished its headers was ${slowClosedAfter === null ? `still open after ${Math.round((Date.now() - slowStarted) / 1000)} s` : `closed after ${(slowClosedAfter / 1000).toFixed(1)} s`}`,
    );
    console.info(
      `duration ${(stats.durationMs / 1000).toFixed(1)} s, ${Math.round(stats.requests / (stats.durationMs / 1000))} requests/s`,
    );
    if (server.errors.length) {
      console.info(`server error log lines and stderr output: ${server.errors.length}`);
      for (const line of server.errors.slice(0, 10)) console.info(`  ${line.slice(0, 600)}`);
    }

    if (stats.requests < COUNT) failures.push(`only ${stats.requests} of ${COUNT} requests ran`);
    if (stats.fiveXX) failures.push(`${stats.fiveXX} answers with a 5xx`);
    if (stats.violations.length) failures.push(`${stats.violations.length} contract violations`);
    if (!alive)
      failures.push(
        `server not answering /app-api/health after the run (${server.exited() ?? 'still running'})`,
      );
    // Health checks that timed out while the known export stall held the loop are that hole.
    const stallKnown =
      KNOWN_FIXED_ON_OTHER_BRANCHES.has('heavy-call-stall') && stats.knownHoles['heavy-call-stall'];
    if (healthFailures && !stallKnown) {
      failures.push(`/app-api/health failed ${healthFailures} times during the run`);
    }
    if (rssAfter > rssBefore * MEMORY_SLACK)
      failures.push(`RSS did not come back within ${Math.round((MEMORY_SLACK - 1) * 100)} %`);
    if (fdsAfter > fdsBefore + 2) failures.push(`open descriptors grew ${fdsBefore} → ${fdsAfter}`);
    // Headers are due within 10 s (config.http), checked every 2 s.
    if (slowClosedAfter === null || slowClosedAfter > 15_000)
      failures.push('a client that never finished its headers was not dropped within 15 s');
  } finally {
    await server.stop();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(
      `\n✗ fuzz failed (seed ${SEED}; rerun with --seed ${SEED}):\n  - ${failures.join('\n  - ')}`,
    );
    return 1;
  }
  console.info(`\n✓ fuzz passed (seed ${SEED})`);
  return 0;
}

process.exit(await main());
