// `npm run bench live [-- --clients 5000 --procs 4 --interval 300 --rounds 1 --client-nice 0]`
//
// Broadcast latency of the live socket: N WebSocket clients on loopback, in separate processes,
// subscribe to one game; one full draw (7 balls, a snapshot each) is published through
// app.liveHub. Each snapshot carries its publish time (serverTime, to the microsecond) and each
// client subtracts it from its own clock on receipt: same machine, same clock. The same run then
// does the same against a bare `ws` server broadcasting the same frames to as many clients.
// Each server runs in a fresh process of its own, so its memory per connection is its own.
// The client processes share the two cores with the server under test; `--client-nice 10` runs
// them at a lower priority (as `bench surge` does by default), so a server's writes wait less
// often for a reader that holds a core. The default (0) keeps earlier runs' figures comparable.
import { spawnSync } from 'node:child_process';
import { Peer, percentile } from './peer.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordFigures } from '../../../scripts/lib/perf-record.mjs';
import type { DrawSnapshot } from '@kaijiang/domain';
import type { ClientCommand } from './live/client.ts';
import type { ServerKind } from './live/server.ts';

const GAME = 120;
const BALLS = ['07', '18', '23', '31', '42', '49', '05'];
/** Whole run; the bench stops itself past this. */
const DEADLINE_MS = 10 * 60_000;
const LOOPBACK = ['127.0.0.1', '127.0.0.2', '127.0.0.3', '127.0.0.4'];

interface Figures {
  p50: number;
  p99: number;
  max: number;
  samples: number;
  missing: number;
  rssPerConn: number;
  heapPerConn: number;
  /** The same, of the second half of the sockets alone: what one more socket costs. */
  rssPerMoreConn: number;
  heapPerMoreConn: number;
  /** The slowest ball's fan-out, from its publish to the write to the last socket. */
  publishMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sum = (xs: { [k: string]: unknown }[], key: string) =>
  xs.reduce((s, x) => s + Number(x[key] ?? 0), 0);

const nextIssue = (issue: string): string =>
  (BigInt(issue) + 1n).toString().padStart(issue.length, '0');

function draw(base: DrawSnapshot, issue: string, count: number): DrawSnapshot[] {
  return Array.from({ length: count }, (_, i) => ({
    ...base,
    issue,
    status: i === 6 ? ('done' as const) : ('drawing' as const),
    numbers: BALLS.slice(0, i + 1),
  }));
}

async function round(
  kind: ServerKind,
  clients: Peer[],
  opts: { n: number; interval: number; dataDir: string },
): Promise<Figures> {
  const server = new Peer(import.meta.filename, 'server');
  try {
    const started = await server.request<{ url: string; base: DrawSnapshot }>({
      type: 'start',
      kind,
      dataDir: path.join(opts.dataDir, `${kind}-${Date.now()}`),
      game: GAME,
    });
    const warmIssue = nextIssue(started.base.nextIssue);
    const measuredIssue = nextIssue(warmIssue);
    const before = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' });

    // In two halves, memory taken after each: the first half also pays for what the server
    // grows once (V8's young generation, sized up by the handshakes' garbage), the second only
    // for the sockets themselves.
    const connect = async (n: number) => {
      const per = Math.ceil(n / clients.length);
      const ready = await Promise.all(
        clients.map((c, i) =>
          c.request({
            type: 'connect',
            url: started.url,
            count: Math.max(0, Math.min(per, n - i * per)),
            game: GAME,
            measuredIssue,
            hosts: LOOPBACK,
          } satisfies Omit<Extract<ClientCommand, { type: 'connect' }>, 'seq'>),
        ),
      );
      await sleep(300);
      return ready;
    };
    const firstHalf = Math.floor(opts.n / 2);
    await connect(firstHalf);
    const mid = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' });
    const ready = await connect(opts.n - firstHalf);
    const subscribed = sum(ready, 'ready');
    if (subscribed < opts.n) {
      throw new Error(
        `${kind}: only ${subscribed}/${opts.n} clients subscribed (${sum(ready, 'errors')} errors)`,
      );
    }
    const after = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' });

    // A warm-up draw, not measured: both servers get the same chance to optimise their send path.
    await server.request({
      type: 'draw',
      snapshots: draw(started.base, warmIssue, 3),
      interval: opts.interval,
    });
    const sent = await server.request<{ publishMs: number[] }>({
      type: 'draw',
      snapshots: draw(started.base, measuredIssue, 7),
      interval: opts.interval,
    });

    const expected = opts.n * 7;
    const settle = Date.now() + 15_000;
    while (Date.now() < settle) {
      const progress = await Promise.all(clients.map((c) => c.request({ type: 'progress' })));
      if (sum(progress, 'received') >= expected) break;
      await sleep(100);
    }
    const collected = await Promise.all(
      clients.map((c) => c.request<{ latencies: number[] }>({ type: 'collect' })),
    );
    await Promise.all(clients.map((c) => c.request({ type: 'close' })));
    const all = Float64Array.from(collected.flatMap((c) => c.latencies)).sort();
    return {
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.length ? all[all.length - 1]! : NaN,
      samples: all.length,
      missing: expected - all.length,
      rssPerConn: (after.rss - before.rss) / opts.n,
      heapPerConn: (after.heapUsed - before.heapUsed) / opts.n,
      rssPerMoreConn: (after.rss - mid.rss) / (opts.n - firstHalf),
      heapPerMoreConn: (after.heapUsed - mid.heapUsed) / (opts.n - firstHalf),
      publishMs: Math.max(...sent.publishMs),
    };
  } finally {
    await server.request({ type: 'stop' }).catch(() => undefined);
    server.kill();
  }
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const kib = (v: number) => `${(v / 1024).toFixed(1)} KiB`;

function print(name: string, f: Figures): void {
  console.info(
    `${name.padEnd(9)} p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  ` +
      `longest fan-out ${ms(f.publishMs)}  mem/conn rss ${kib(f.rssPerConn)} heap ${kib(f.heapPerConn)}` +
      `  (second half: rss ${kib(f.rssPerMoreConn)} heap ${kib(f.heapPerMoreConn)})` +
      (f.missing ? `  MISSING ${f.missing}` : ''),
  );
}

function merge(rounds: Figures[]): Figures {
  const median = (key: keyof Figures) => {
    const xs = rounds.map((r) => r[key]).sort((a, b) => a - b);
    return xs[Math.floor((xs.length - 1) / 2)]!;
  };
  return {
    p50: median('p50'),
    p99: median('p99'),
    max: Math.max(...rounds.map((r) => r.max)),
    samples: rounds.reduce((s, r) => s + r.samples, 0),
    missing: rounds.reduce((s, r) => s + r.missing, 0),
    rssPerConn: median('rssPerConn'),
    heapPerConn: median('heapPerConn'),
    rssPerMoreConn: median('rssPerMoreConn'),
    heapPerMoreConn: median('heapPerMoreConn'),
    publishMs: median('publishMs'),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      clients: { type: 'string', default: '5000' },
      procs: { type: 'string', default: '4' },
      interval: { type: 'string', default: '300' },
      rounds: { type: 'string', default: '1' },
      'client-nice': { type: 'string', default: '0' },
      record: { type: 'boolean', default: false },
    },
  });
  const n = Number(values.clients);
  const procs = Math.max(1, Math.min(Number(values.procs), n));
  const interval = Number(values.interval);
  const rounds = Number(values.rounds);
  if (!Number.isInteger(n) || n < 1 || n > 50_000) throw new Error('--clients must be 1-50000');
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 10)
    throw new Error('--rounds must be 1-10');
  const clientNice = Number(values['client-nice']);
  if (!Number.isInteger(clientNice) || clientNice < 0 || clientNice > 19)
    throw new Error('--client-nice must be 0-19');

  // One server at a time holds N sockets; each client process holds N/procs.
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(limit) && limit < n + 200) {
    throw new Error(`open-file limit ${limit} is below ${n} connections; raise it (ulimit -n)`);
  }

  const timer = setTimeout(() => {
    console.error('bench live: deadline passed, stopping');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-live-'));
  const clients = Array.from({ length: procs }, () => new Peer(import.meta.filename, 'client'));
  for (const c of clients) os.setPriority(c.child.pid!, clientNice);
  const results: Record<ServerKind, Figures[]> = { kaijiang: [], 'bare-ws': [] };
  try {
    console.info(
      `bench live: ${n} clients in ${procs} processes, one draw (7 balls, ${interval} ms apart) ` +
        `per server and round, ${rounds} round(s), clients at nice ${clientNice}; ` +
        `node ${process.version}, ${os.cpus().length} CPUs, ` +
        `load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    for (let r = 0; r < rounds; r++) {
      // Alternate which goes first, so neither always gets the quieter machine.
      const order: ServerKind[] = r % 2 === 0 ? ['kaijiang', 'bare-ws'] : ['bare-ws', 'kaijiang'];
      for (const kind of order) {
        const f = await round(kind, clients, { n, interval, dataDir });
        results[kind].push(f);
        if (rounds > 1) print(`${kind} #${r + 1}`, f);
      }
    }
    const a = merge(results.kaijiang);
    const b = merge(results['bare-ws']);
    if (rounds > 1) console.info(`median of ${rounds} rounds:`);
    print('kaijiang', a);
    print('bare ws', b);
    console.info(
      `ratio     p50 ${(a.p50 / b.p50).toFixed(2)}  p99 ${(a.p99 / b.p99).toFixed(2)}` +
        `   (targets at 5,000 clients: p99 <= 100 ms, p99 ratio <= 1.2)`,
    );
    if (values.record) {
      const ratio = a.p99 / b.p99;
      const perSocket = a.rssPerConn / 1024;
      recordFigures('live', [
        {
          figure: `live fan-out p99 at ${n.toLocaleString('en')} sockets / bare ws`,
          value: `${ratio.toFixed(2)}× (${a.p99.toFixed(1)} / ${b.p99.toFixed(1)} ms)`,
          target: '≤ 1.1×',
          met: ratio <= 1.1 && a.missing === 0,
        },
        {
          figure: 'memory per idle live socket',
          value: `${perSocket.toFixed(1)} KiB`,
          target: '≤ 8 KiB',
          met: perSocket <= 8,
        },
      ]);
    }
  } finally {
    for (const c of clients) c.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

// One file, three roles: the client processes need not load the server.
const role = process.argv.includes('--role')
  ? process.argv[process.argv.indexOf('--role') + 1]
  : null;
if (role === 'client') {
  (await import('./live/client.ts')).runClient();
} else if (role === 'server') {
  (await import('./live/server.ts')).runServer();
} else {
  await main();
  process.exit(0);
}
