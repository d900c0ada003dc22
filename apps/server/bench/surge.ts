// `npm run bench surge [-- --clients 10000 --procs 4 --pages 300 --api 1000 --game 120
//   --first-visits 1 --client-nice 10 --poll-nice 10]`
//
// The draw minute on loopback, against the server as `npm start` runs it (src/server.ts with its
// defaults: LOG_LEVEL info, ACCESS_LOG notable, the draw engine, demo history, server rendering;
// its log written to a file). Changed, because every client here shares a few addresses: the
// per-address connection caps (0) and the read quotas (READ_LIMIT_EXEMPT=127.0.0.0/8).
//
// N live sockets subscribe to a game that draws every 5 minutes (in client processes). The
// engine's next draw is watched with no other traffic (the baseline), then the one after it with
// page loads of /game/110 and its scripts and styles, and polls of the latest draws, running from
// before the draw's first ball until after its last. Prints ball delivery p50/p99 of both, page,
// file and API p50/p99, errors, and the server's CPU and memory; exits 1 on a missed target.
//
// The clients run at a lower priority (nice 10): on this machine they share the server's cores,
// where in a real surge they are other people's phones and other sites' machines. At the same
// priority the scheduler gave the server its fair share among eight busy processes, and a ball's
// fan-out took twice as long under load with the server at a quarter of a core. `--client-nice 0`
// measures them as equals. `--poll-nice` sets the pollers' process alone (default: as the other
// clients): at the server's own priority it tells how much of the polls' latency is the poller's
// wait for a core among the other clients rather than the server's answer.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordFigures } from '../../../scripts/lib/perf-record.mjs';
import { Peer, percentile } from './peer.ts';
import type { LoadFigures } from './surge/load.ts';
import type { BallSeen } from './surge/sockets.ts';
import type { FanoutMinute } from '../src/services/live/fanout-minute.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const LOOPBACK = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];
const DEADLINE_MS = 18 * 60_000;
const TARGET = { pageP99: 300, apiP99: 50, ballRatio: 1.2 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system) and memory of a process, from /proc. */
function usage(pid: number): { cpu: number; rss: number; peak: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { cpu: ticks / 100, rss: kb('VmRSS') * 1024, peak: kb('VmHWM') * 1024 };
}

interface Latest {
  gameId: number;
  issue: string;
  status: string;
  numbers: string[];
  nextIssue: string;
  nextDrawAt: string;
}

async function latest(origin: string, game: number): Promise<Latest> {
  const r = await fetch(`${origin}/app-api/api/v2/draws/latest?gameId=${game}`);
  return ((await r.json()) as { data: Latest }).data;
}

/** Waits until the game's draw `issue` is finished; throws past `until`. */
async function finished(origin: string, game: number, issue: string, until: number) {
  while (Date.now() < until) {
    const s = await latest(origin, game);
    if (s.issue === issue && s.status === 'done') return s;
    await sleep(500);
  }
  throw new Error(`draw ${issue} of game ${game} did not finish in time`);
}

function ballFigures(seen: BallSeen[], issue: string, clients: number) {
  const ms = Float64Array.from(seen.filter((b) => b[0] === issue).map((b) => b[2])).sort();
  return {
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.length ? ms[ms.length - 1]! : NaN,
    missing: clients * 7 - ms.length,
  };
}

/** The page's own scripts and styles: what a first visit fetches after the page (~25 files). */
function filesOf(html: string): string[] {
  const found = new Set<string>();
  // Script tags, stylesheets, modulepreload links and the screen's chunk list alike.
  for (const m of html.matchAll(/\/assets\/[\w-]+\.(?:js|css)/g)) found.add(m[0]);
  return [...found];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '10000' },
      procs: { type: 'string', default: '4' },
      pages: { type: 'string', default: '300' },
      // The share of page loads that are first visits, fetching every file the page names; the
      // rest are reloads, whose files the browser keeps (they are immutable). 1: the issue's load.
      'first-visits': { type: 'string', default: '1' },
      api: { type: 'string', default: '1000' },
      game: { type: 'string', default: '120' },
      'client-nice': { type: 'string', default: '10' },
      'poll-nice': { type: 'string' },
      record: { type: 'boolean', default: false },
    },
  });
  const clientNice = Number(values['client-nice']);
  const pollNice = Number(values['poll-nice'] ?? clientNice);
  for (const [name, v] of [
    ['--client-nice', clientNice],
    ['--poll-nice', pollNice],
  ] as const) {
    if (!Number.isInteger(v) || v < 0 || v > 19) throw new Error(`${name} must be 0-19`);
  }
  const n = Number(values.clients);
  const procs = Math.max(1, Math.min(Number(values.procs), n));
  const pages = Number(values.pages);
  const firstVisits = Number(values['first-visits']);
  if (!(firstVisits >= 0 && firstVisits <= 1)) throw new Error('--first-visits must be 0-1');
  const apiRate = Number(values.api);
  const game = Number(values.game);
  if (!Number.isInteger(n) || n < 1 || n > 50_000) throw new Error('--clients must be 1-50000');
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  if (!existsSync(index)) throw new Error('no web build: run `npm run build` first');

  const timer = setTimeout(() => {
    console.error('bench surge: deadline passed, stopping');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-surge-'));
  const logFile = path.join(dataDir, 'server.log');
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const log = createWriteStream(logFile);
  let seeded = false;
  const server = spawn(process.execPath, [path.join(ROOT, 'apps/server/src/server.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LIVE_MAX_CONNECTIONS_PER_IP: '0',
      MAX_CONNECTIONS_PER_IP: '0',
      READ_LIMIT_EXEMPT: '127.0.0.0/8',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let lines = 0;
  // The server's own account of the fan-out (its line a minute, services/live/fanout-minute.ts).
  const fanoutLines: { time: number; live: FanoutMinute }[] = [];
  let partial = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    log.write(chunk);
    for (const b of chunk) if (b === 10) lines++;
    if (chunk.includes('older draws seeded')) seeded = true;
    const text = partial + chunk.toString();
    const whole = text.split('\n');
    partial = whole.pop()!;
    for (const line of whole) {
      if (line.includes('"live fan-outs')) fanoutLines.push(JSON.parse(line));
    }
  });
  server.stderr!.pipe(log);
  const sockets = Array.from({ length: procs }, () => new Peer(import.meta.filename, 'sockets'));
  // Pages, files and polls each from a client process of their own (surge/load.ts).
  const loads = Array.from({ length: 3 }, () => new Peer(import.meta.filename, 'load'));
  for (const peer of [...sockets, ...loads]) os.setPriority(peer.child.pid!, clientNice);
  os.setPriority(loads[2]!.child.pid!, pollNice);
  let failed: boolean;
  try {
    const started = Date.now();
    while (!seeded && Date.now() - started < 240_000) await sleep(250);
    if (!seeded) throw new Error('the server did not finish seeding its demo history');
    const html = await (await fetch(`${origin}/game/110`)).text();
    const pagePaths = ['/game/110', ...filesOf(html)];
    console.info(
      `bench surge: ${n} live sockets in ${procs} processes on game ${game}; then ${pages} page ` +
        `loads/s of /game/110 (${firstVisits === 1 ? '' : `${firstVisits * 100} % first visits, `}` +
        `+${pagePaths.length - 1} files each) and ${apiRate} polls/s of the ` +
        `latest draws during a draw; node ${process.version}, ${os.cpus().length} CPUs; ` +
        `clients at nice ${clientNice}${pollNice === clientNice ? '' : `, pollers at nice ${pollNice}`}; ` +
        `log ${logFile}`,
    );

    const empty = usage(server.pid!);
    const per = Math.ceil(n / procs);
    const ready = await Promise.all(
      sockets.map((c, i) =>
        c.request<{ ready: number; errors: number }>({
          type: 'connect',
          url: `ws://127.0.0.1:${port}/ws-game`,
          count: Math.max(0, Math.min(per, n - i * per)),
          game,
          hosts: LOOPBACK,
        }),
      ),
    );
    const subscribed = ready.reduce((s, r) => s + r.ready, 0);
    if (subscribed < n) throw new Error(`only ${subscribed}/${n} sockets subscribed`);
    const idle = usage(server.pid!);
    const perSocket = (idle.rss - empty.rss) / n;
    console.info(
      `${n} sockets subscribed; server rss ${(idle.rss / 2 ** 20).toFixed(0)} MiB, ` +
        `${(perSocket / 1024).toFixed(1)} KiB more per socket`,
    );

    // The baseline: the next draw that has not begun, with the sockets alone.
    let s = await latest(origin, game);
    const firstIssue = s.status === 'done' ? s.nextIssue : nextOf(s.nextIssue);
    const firstAt = s.status === 'done' ? Date.parse(s.nextDrawAt) : NaN;
    console.info(
      `baseline: draw ${firstIssue}${Number.isNaN(firstAt) ? '' : ` at ${new Date(firstAt).toISOString()}`}`,
    );
    s = await finished(origin, game, firstIssue, Date.now() + 11 * 60_000);
    const base = await collect(sockets, firstIssue, n);

    // The surge: from 15 s before the next draw until 10 s after its last ball.
    const loadedIssue = s.nextIssue;
    const drawAt = Date.parse(s.nextDrawAt);
    const lead = drawAt - 15_000 - Date.now();
    if (lead > 0) await sleep(lead);
    const ballMs = Number(process.env.DRAW_BALL_INTERVAL_MS ?? 4000);
    const seconds = Math.ceil((drawAt - Date.now() + 7 * ballMs + 10_000) / 1000);
    console.info(`surge: draw ${loadedIssue}, load for ${seconds} s`);
    const before = usage(server.pid!);
    // The clients' own CPU over the same window: on two shared cores, what they take is what the
    // server and the other clients wait for.
    const clientCpu = () => [...sockets, ...loads].map((c) => usage(c.child.pid!).cpu);
    const clientsBefore = clientCpu();
    const t0 = Date.now();
    const command = {
      type: 'run',
      origin,
      seconds,
      pagesPerSecond: 0,
      filesPerSecond: 0,
      apiPerSecond: 0,
      pagePaths,
      apiPath: '/app-api/api/v2/draws/latest',
    };
    const part = (peer: Peer, rates: Partial<typeof command>) =>
      peer.request<{ page: LoadFigures; files: LoadFigures; api: LoadFigures }>({
        ...command,
        ...rates,
      });
    const traffic = Promise.all([
      part(loads[0]!, { pagesPerSecond: pages }),
      part(loads[1]!, { filesPerSecond: Math.round(pages * firstVisits * (pagePaths.length - 1)) }),
      part(loads[2]!, { apiPerSecond: apiRate }),
    ]).then(([p, f, a]) => ({ page: p.page, files: f.files, api: a.api }));
    await finished(origin, game, loadedIssue, drawAt + 120_000);
    const drawn = Date.now();
    const { page, files, api } = await traffic;
    const after = usage(server.pid!);
    const elapsed = (Date.now() - t0) / 1000;
    const cpu = (after.cpu - before.cpu) / elapsed;
    const clientsShare = clientCpu().map((c, i) => (c - clientsBefore[i]!) / elapsed);
    const loaded = await collect(sockets, loadedIssue, n);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    // The worst second tells a moment (the load's first second, a ball) from a steady tail.
    const row = (name: string, f: LoadFigures) =>
      console.info(
        `${name.padEnd(8)} ${Math.round(f.rps).toString().padStart(6)} req/s  p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  errors ${f.errors}  non-2xx ${f.non2xx}` +
          (f.worst
            ? `  (worst second: ${f.worst.second} s into the load, p99 ${ms(f.worst.p99)} of ${f.worst.answers})`
            : ''),
      );
    console.info(
      `balls    alone: p50 ${ms(base.p50)}  p99 ${ms(base.p99)}  max ${ms(base.max)}  missing ${base.missing}` +
        `\n         surge: p50 ${ms(loaded.p50)}  p99 ${ms(loaded.p99)}  max ${ms(loaded.max)}  missing ${loaded.missing}  (p99 ${(loaded.p99 / base.p99).toFixed(2)}x alone)`,
    );
    // The minute line that covers the last ball comes within a minute of it.
    const waitUntil = Date.now() + 65_000;
    while (!fanoutLines.some((l) => l.time > drawn) && Date.now() < waitUntil) await sleep(500);
    const fanout = (from: number, to: number) => {
      const got = fanoutLines.filter((l) => l.time >= from && l.time < to).map((l) => l.live);
      if (got.length === 0) return 'no line';
      const slowest = Math.max(...got.map((l) => l.slowestMs));
      const fanouts = got.reduce((n, l) => n + l.fanouts, 0);
      return `${fanouts} snapshots, slowest ${ms(slowest)} (median of a minute up to ${ms(Math.max(...got.map((l) => l.p50Ms)))})`;
    };
    console.info(
      `fan-out  on the server, from publish to the last socket's write: alone ${fanout(0, t0)}; ` +
        `surge ${fanout(t0, Infinity)}`,
    );
    row('page', page);
    row('files', files);
    row('api', api);
    console.info(
      `server   CPU ${(cpu * 100).toFixed(0)}% of one core during the surge, rss ${(after.rss / 2 ** 20).toFixed(0)} MiB ` +
        `(peak ${(after.peak / 2 ** 20).toFixed(0)} MiB; ${(perSocket / 1024).toFixed(1)} KiB per idle socket), ${lines} log lines`,
    );
    const pct = (v: number) => `${(v * 100).toFixed(0)}%`;
    const socketsShare = clientsShare.slice(0, procs).reduce((a, b) => a + b, 0);
    const [pagesShare, filesShare, pollsShare] = clientsShare.slice(procs);
    console.info(
      `clients  CPU of one core during the surge: sockets ${pct(socketsShare)} (${procs} processes), ` +
        `pages ${pct(pagesShare!)}, files ${pct(filesShare!)}, polls ${pct(pollsShare!)}`,
    );
    const errors =
      page.errors +
      page.non2xx +
      files.errors +
      files.non2xx +
      api.errors +
      api.non2xx +
      base.missing +
      loaded.missing;
    const misses = [
      errors > 0 && `${errors} errors or missing balls`,
      loaded.p99 > TARGET.ballRatio * base.p99 && `ball p99 over ${TARGET.ballRatio}x alone`,
      page.p99 > TARGET.pageP99 && `page p99 over ${TARGET.pageP99} ms`,
      api.p99 > TARGET.apiP99 && `API p99 over ${TARGET.apiP99} ms`,
    ].filter(Boolean);
    console.info(misses.length ? `MISSED: ${misses.join('; ')}` : 'all targets met');
    if (values.record) {
      const ratio = loaded.p99 / base.p99;
      recordFigures('surge', [
        {
          figure: `balls p99 under load / alone (${n.toLocaleString('en')} sockets)`,
          value: `${ratio.toFixed(2)}× (${loaded.p99.toFixed(0)} / ${base.p99.toFixed(0)} ms)`,
          target: `≤ ${TARGET.ballRatio}×`,
          met: ratio <= TARGET.ballRatio,
        },
        {
          figure: 'pages p99 during the surge',
          value: `${page.p99.toFixed(0)} ms`,
          target: `≤ ${TARGET.pageP99} ms`,
          met: page.p99 <= TARGET.pageP99,
        },
        {
          figure: 'API polls p99 during the surge',
          value: `${api.p99.toFixed(0)} ms`,
          target: `≤ ${TARGET.apiP99} ms`,
          met: api.p99 <= TARGET.apiP99,
        },
        {
          figure: 'errors and missing balls',
          value: String(errors),
          target: '0',
          met: errors === 0,
        },
      ]);
    }
    failed = misses.length > 0;
  } finally {
    await Promise.all(sockets.map((c) => c.request({ type: 'close' }).catch(() => undefined)));
    for (const c of [...sockets, ...loads]) c.kill();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    log.end();
  }
  process.exitCode = failed ? 1 : 0;
}

const nextOf = (issue: string) => (BigInt(issue) + 1n).toString().padStart(issue.length, '0');

async function collect(sockets: Peer[], issue: string, clients: number) {
  // The last ball may still be on its way to some sockets.
  await sleep(2_000);
  const got = await Promise.all(
    sockets.map((c) => c.request<{ seen: BallSeen[] }>({ type: 'collect' })),
  );
  return ballFigures(
    got.flatMap((g) => g.seen),
    issue,
    clients,
  );
}

const role = process.argv.includes('--role')
  ? process.argv[process.argv.indexOf('--role') + 1]
  : null;
if (role === 'sockets') {
  (await import('./surge/sockets.ts')).runSockets();
} else if (role === 'load') {
  (await import('./surge/load.ts')).runLoad();
} else {
  await main();
  process.exit(process.exitCode ?? 0);
}
