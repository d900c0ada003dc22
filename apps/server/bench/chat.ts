// `npm run bench chat [-- --readers 5000 --procs 4 --rate 20 --seconds 30 --members 50 --rounds 1]`
//
// One chat room on loopback: N readers (in client processes), and members posting `rate` messages
// a second for `seconds` seconds, each message carrying its send time (to the microsecond). Every
// reader subtracts it from its own clock on receipt: the delivery latency. The same run then does
// the same against a bare `ws` server broadcasting the same messages to as many sockets. Prints
// p50/p99 delivery, messages lost (expected receipts − received) and memory per connection, and
// exits 1 when our p99 is over 1.2× the bare server's or a message is lost.
//
// Our server runs as `npm start` builds it: default limits (each socket from a loopback address
// of its own share: 16 readers, or one member, per address) and its logger at info, to a file.
import { spawnSync } from 'node:child_process';
import { Peer, percentile } from './peer.ts';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ChatServerKind } from './chat/server.ts';

const ROOM = 'game-110';
const DEADLINE_MS = 10 * 60_000;

interface Figures {
  p50: number;
  p99: number;
  max: number;
  sent: number;
  refused: number;
  lost: number;
  rssPerConn: number;
  heapPerConn: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sum = (xs: Record<string, unknown>[], key: string) =>
  xs.reduce((s, x) => s + Number(x[key] ?? 0), 0);
/** Loopback addresses: 127.<net>.<hi>.<lo>, never .0 or .255. */
const hosts = (net: number, count: number) =>
  Array.from({ length: count }, (_, i) => `127.${net}.${Math.floor(i / 250)}.${(i % 250) + 1}`);

async function round(
  kind: ChatServerKind,
  readers: Peer[],
  poster: Peer,
  o: { n: number; members: number; rate: number; seconds: number; dataDir: string },
): Promise<Figures> {
  const server = new Peer(import.meta.filename, 'server', ['--expose-gc']);
  try {
    const started = await server.request<{ url: string; tokens: string[] }>({
      type: 'start',
      kind,
      dataDir: path.join(o.dataDir, `${kind}-${Date.now()}`),
      members: o.members,
    });
    const before = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' });
    const per = Math.ceil(o.n / readers.length);
    const ready = await Promise.all(
      readers.map((c, i) =>
        c.request({
          type: 'readers',
          url: started.url,
          count: Math.max(0, Math.min(per, o.n - i * per)),
          room: ROOM,
          hosts: hosts(10 + i, Math.ceil(per / 16) + 1),
        }),
      ),
    );
    if (sum(ready, 'ready') < o.n) {
      throw new Error(
        `${kind}: only ${sum(ready, 'ready')}/${o.n} readers joined (${sum(ready, 'errors')} errors)`,
      );
    }
    await sleep(500);
    const after = await server.request<{ rss: number; heapUsed: number }>({ type: 'memory' });
    const posted = await poster.request<{
      sent: number;
      refused: number;
      codes: Record<string, number>;
    }>({
      type: 'post',
      url: started.url,
      room: ROOM,
      tokens: started.tokens,
      hosts: hosts(5, o.members),
      perSecond: o.rate,
      seconds: o.seconds,
    });
    if (posted.refused > 0) console.info(`${kind}: refused ${JSON.stringify(posted.codes)}`);
    const expected = (posted.sent - posted.refused) * o.n;
    const settle = Date.now() + 15_000;
    while (Date.now() < settle) {
      const progress = await Promise.all(readers.map((c) => c.request({ type: 'progress' })));
      if (sum(progress, 'received') >= expected) break;
      await sleep(100);
    }
    const collected = await Promise.all(
      readers.map((c) => c.request<{ latencies: number[] }>({ type: 'collect' })),
    );
    await Promise.all([...readers, poster].map((c) => c.request({ type: 'close' })));
    const all = Float64Array.from(collected.flatMap((c) => c.latencies)).sort();
    return {
      p50: percentile(all, 50),
      p99: percentile(all, 99),
      max: all.length ? all[all.length - 1]! : NaN,
      sent: posted.sent,
      refused: posted.refused,
      lost: Math.max(0, expected - all.length),
      rssPerConn: (after.rss - before.rss) / o.n,
      heapPerConn: (after.heapUsed - before.heapUsed) / o.n,
    };
  } finally {
    await server.request({ type: 'stop' }).catch(() => undefined);
    server.kill();
  }
}

/** Each figure's median over rounds (losses summed: one lost message in any round counts). */
function medianFigures(fs: Figures[]): Figures {
  const med = (k: keyof Figures) => {
    const xs = fs.map((f) => f[k]).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)]!;
  };
  const total = (k: keyof Figures) => fs.reduce((n, f) => n + f[k], 0);
  return {
    p50: med('p50'),
    p99: med('p99'),
    max: Math.max(...fs.map((f) => f.max)),
    sent: total('sent'),
    refused: total('refused'),
    lost: total('lost'),
    rssPerConn: med('rssPerConn'),
    heapPerConn: med('heapPerConn'),
  };
}

const ms = (v: number) => `${v.toFixed(1)} ms`.padStart(9);
const kib = (v: number) => `${(v / 1024).toFixed(1)} KiB`;
const print = (name: string, f: Figures) =>
  console.info(
    `${name.padEnd(9)} p50 ${ms(f.p50)}  p99 ${ms(f.p99)}  max ${ms(f.max)}  sent ${f.sent} ` +
      `refused ${f.refused}  lost ${f.lost}  mem/conn rss ${kib(f.rssPerConn)} heap ${kib(f.heapPerConn)}`,
  );

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      readers: { type: 'string', default: '5000' },
      procs: { type: 'string', default: '4' },
      members: { type: 'string', default: '50' },
      rate: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '30' },
      rounds: { type: 'string', default: '1' },
      profile: { type: 'string' },
    },
  });
  const rounds = Number(values.rounds);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 9)
    throw new Error('--rounds must be 1-9');
  if (values.profile) process.env.KJ_BENCH_PROFILE = path.resolve(values.profile);
  const n = Number(values.readers);
  const procs = Math.max(1, Math.min(Number(values.procs), n));
  const members = Number(values.members);
  const rate = Number(values.rate);
  const seconds = Number(values.seconds);
  if (!Number.isInteger(n) || n < 1 || n > 20_000) throw new Error('--readers must be 1-20000');
  if (!Number.isInteger(members) || members < 1 || members > 500)
    throw new Error('--members must be 1-500');
  if (!(rate > 0 && rate <= 100) || !(seconds > 0 && seconds <= 120))
    throw new Error('--rate 1-100, --seconds 1-120');
  const limit = Number(spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim());
  if (Number.isFinite(limit) && limit < n + members + 200) {
    throw new Error(
      `open-file limit ${limit} is below ${n + members} connections; raise it (ulimit -n)`,
    );
  }
  const timer = setTimeout(() => {
    console.error('bench chat: deadline passed, stopping');
    process.exit(1);
  }, DEADLINE_MS);
  timer.unref();

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-chat-'));
  const readers = Array.from(
    { length: procs },
    () => new Peer(import.meta.filename, 'client', ['--expose-gc']),
  );
  const poster = new Peer(import.meta.filename, 'client', ['--expose-gc']);
  try {
    console.info(
      `bench chat: ${n} readers in ${procs} processes, ${members} members posting ${rate}/s for ${seconds} s, ` +
        `room ${ROOM}; node ${process.version}, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(2)}`,
    );
    // Rounds alternate (ours, bare, ours, bare…) so a slow minute of the machine falls on both;
    // with several, each server's figure is the median of its rounds.
    const o = { n, members, rate, seconds, dataDir };
    const results: { ours: Figures[]; bare: Figures[] } = { ours: [], bare: [] };
    for (let r = 0; r < rounds; r++) {
      results.ours.push(await round('kaijiang', readers, poster, o));
      results.bare.push(await round('bare-ws', readers, poster, o));
      if (rounds > 1) {
        print(`#${r + 1} ours`, results.ours[r]!);
        print(`#${r + 1} bare`, results.bare[r]!);
      }
    }
    const ours = medianFigures(results.ours);
    const bare = medianFigures(results.bare);
    print(rounds > 1 ? 'ours med' : 'kaijiang', ours);
    print(rounds > 1 ? 'bare med' : 'bare ws', bare);
    const ratio = ours.p99 / bare.p99;
    console.info(
      `ratio     p50 ${(ours.p50 / bare.p50).toFixed(2)}  p99 ${ratio.toFixed(2)}   (target: p99 <= 1.2x bare ws, nothing lost)`,
    );
    const lost = results.ours.reduce((n, f) => n + f.lost + f.refused, 0);
    return ratio <= 1.2 && lost === 0 ? 0 : 1;
  } finally {
    for (const c of [...readers, poster]) c.kill();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const role = process.argv.includes('--role')
  ? process.argv[process.argv.indexOf('--role') + 1]
  : null;
if (role === 'client') {
  (await import('./chat/client.ts')).runChatClient();
} else if (role === 'server') {
  (await import('./chat/server.ts')).runChatServer();
} else {
  process.exit(await main());
}
