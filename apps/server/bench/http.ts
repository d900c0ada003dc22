// `npm run bench http [-- --duration 10 --connections 50]`
//
// The figures of issue 17's table, each from one run, with the server as `npm start` runs it:
// `src/server.ts`'s defaults (LOG_LEVEL info, ACCESS_LOG notable, the draw engine on, three years
// of demo history, server rendering), its log written to a file, plus one hello-world route so
// the cost of our plugin stack can be told from the cost of the calls. The only setting changed
// is READ_LIMIT_EXEMPT=127.0.0.1: the history quota (600 a minute per address) would otherwise
// turn the measurement into one of 429s. A bare Fastify hello-world (logger off) runs in a process
// of its own. This process drives autocannon at each URL and prints req/s, p99, errors and the
// ratios the issue asks for, then the server's memory and how many log lines it wrote. The calls
// a ratio compares are measured in turns of 2 s, round-robin (`interleaved`), not one after the
// other: the machine's speed drifts by a tenth or more within a minute.
import { fork } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from './load-client.ts';
import Fastify from 'fastify';
import { XSRF_TOKEN_CALL } from '@kaijiang/domain';
import { recordFigures } from '../../../scripts/lib/perf-record.mjs';

const { values: args } = parseArgs({
  options: {
    role: { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    record: { type: 'boolean', default: false },
  },
});

/** The server as server.ts builds it, plus /app-api/bench-hello; stdout is its log. */
async function serveApp(): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const config = loadConfig(process.env);
  const app = await buildApp(config, {
    logger: { level: config.logLevel },
    extend: (a) => {
      a.get('/app-api/bench-hello', async () => ({ hello: 'world' }));
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (app.server.address() as { port: number }).port });
  setInterval(() => process.send?.({ rss: process.memoryUsage().rss }), 1_000).unref();
  answerCpuQueries();
  process.on('disconnect', () => void app.close().then(() => process.exit(0)));
}

/** The process's CPU time so far (user + system, µs), asked for around each measurement. */
function answerCpuQueries(): void {
  process.on('message', (m: { cpu?: boolean }) => {
    if (m.cpu) {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    }
  });
}

async function serveBare(): Promise<void> {
  const { API_ANSWERS, securityHeaders } = await import('../src/plugins/external/helmet.ts');
  const headers = securityHeaders(API_ANSWERS);
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  // The same hello-world with the security headers our API answers carry (and nothing else of
  // our stack): what the headers alone cost, the most our hello-world could make.
  hello.get('/headers', async (_request, reply) => {
    reply.headers(headers);
    return { hello: 'world' };
  });
  await hello.listen({ port: 0, host: '127.0.0.1' });
  process.send?.({ port: (hello.server.address() as { port: number }).port });
  answerCpuQueries();
  process.on('disconnect', () => void hello.close().then(() => process.exit(0)));
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
  bytes: number;
  /** The server's CPU time per answer (µs): its own cost, whatever the load generator's. */
  cpu: number;
}

type Server = ReturnType<typeof start>;

async function measure(
  server: Server,
  name: string,
  url: string,
  headers: Record<string, string> = {},
  /** A path per request instead of `url`'s own (every answer a cache miss). */
  pathOf?: () => string,
): Promise<Figures> {
  const run = (duration: number) =>
    autocannon({
      url,
      headers,
      duration,
      connections: Number(args.connections),
      ...(pathOf && {
        requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: pathOf() }) }],
      }),
    });
  // Unmeasured first: the route's code compiled and its answers made, as after a minute of use.
  await run(WARM_UP_S);
  const cpuBefore = await server.cpu();
  const r = await run(Number(args.duration));
  const cpuMicros = (await server.cpu()) - cpuBefore;
  const errors = r.errors + r.timeouts + r['4xx'] + r['5xx'];
  const answered = r.requests.total;
  const bytes = answered > 0 ? Math.round(r.throughput.total / answered) : 0;
  const cpu = answered > 0 ? cpuMicros / answered : 0;
  return { name, rps: r.requests.average, p99: r.latency.p99, errors, bytes, cpu };
}

/**
 * Several calls measured in turns of `slice` seconds, round-robin, for `duration` seconds each in
 * all: their ratios are the issue's, and this machine's speed drifts by a tenth or more over a
 * minute (shared cores), so one measured after the other would compare two machines.
 */
async function interleaved(
  calls: { server: Server; name: string; url: string; headers?: Record<string, string> }[],
  slice: number,
): Promise<Figures[]> {
  const totals = calls.map(() => ({ requests: 0, seconds: 0, bytes: 0, cpu: 0, errors: 0 }));
  const p99s: number[][] = calls.map(() => []);
  for (const c of calls) {
    await autocannon({
      url: c.url,
      headers: c.headers ?? {},
      connections: Number(args.connections),
      duration: WARM_UP_S,
    });
  }
  for (let done = 0; done < Number(args.duration); done += slice) {
    for (const [i, c] of calls.entries()) {
      const cpuBefore = await c.server.cpu();
      const r = await autocannon({
        url: c.url,
        headers: c.headers ?? {},
        connections: Number(args.connections),
        duration: slice,
      });
      const t = totals[i]!;
      t.cpu += (await c.server.cpu()) - cpuBefore;
      t.requests += r.requests.total;
      t.seconds += slice;
      t.bytes += r.throughput.total;
      t.errors += r.errors + r.timeouts + r['4xx'] + r['5xx'];
      p99s[i]!.push(r.latency.p99);
    }
  }
  return calls.map((c, i) => {
    const t = totals[i]!;
    const sorted = p99s[i]!.sort((a, b) => a - b);
    return {
      name: c.name,
      rps: t.requests / t.seconds,
      p99: sorted[Math.floor((sorted.length - 1) / 2)]!,
      errors: t.errors,
      bytes: t.requests > 0 ? Math.round(t.bytes / t.requests) : 0,
      cpu: t.requests > 0 ? t.cpu / t.requests : 0,
    };
  });
}

function start(role: string, env: NodeJS.ProcessEnv, log?: string) {
  const child = fork(import.meta.filename, ['--role', role], {
    env,
    execArgv: process.execArgv.filter((a) => a !== '--expose-gc'),
    stdio: ['ignore', log ? 'pipe' : 'inherit', log ? 'pipe' : 'inherit', 'ipc'],
  });
  let lines = 0;
  let seeded: () => void = () => {};
  const olderSeeded = new Promise<void>((resolve) => (seeded = resolve));
  if (log) {
    const file = createWriteStream(log);
    child.stdout!.on('data', (chunk: Buffer) => {
      file.write(chunk);
      for (const b of chunk) if (b === 10) lines += 1;
      if (chunk.includes('older draws seeded')) seeded();
    });
    child.stderr!.pipe(file);
  }
  let rss = 0;
  let peakRss = 0;
  const port = new Promise<number>((resolve, reject) => {
    child.on('message', (m: { port?: number; rss?: number }) => {
      if (m.port) resolve(m.port);
      if (m.rss) {
        rss = m.rss;
        peakRss = Math.max(peakRss, m.rss);
      }
    });
    child.once('exit', (code) => reject(new Error(`${role} server exited (${code})`)));
  });
  /** The child's CPU time so far (µs). */
  const cpu = () =>
    new Promise<number>((resolve) => {
      const on = (m: { cpuMicros?: number }) => {
        if (m.cpuMicros === undefined) return;
        child.off('message', on);
        resolve(m.cpuMicros);
      };
      child.on('message', on);
      child.send({ cpu: true });
    });
  return {
    child,
    port,
    cpu,
    olderSeeded,
    lines: () => lines,
    memory: () => ({ rss, peakRss }),
  };
}

const WARM_UP_S = 2;

/**
 * Waits (30 s at most) for the server to go quiet after start: the work that follows seeding
 * (the games' last history, collecting its garbage) made the first figure a third dearer.
 */
async function settled(server: Server): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const before = await server.cpu();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if ((await server.cpu()) - before < 50_000) return;
  }
}

/** A history page of a random size, shallow (OFFSET) or deep (by key). */
function missPath(deep: boolean): string {
  const size = 1 + Math.floor(Math.random() * 100);
  const page = deep
    ? Math.ceil(20_000 / size) + Math.floor(Math.random() * 100)
    : 1 + Math.floor(Math.random() * Math.floor(900 / size));
  return `/app-api/api/v2/draws/history?gameId=120&pageSize=${size}&page=${page}`;
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-http-'));
  const log = path.join(dataDir, 'server.log');
  const app = start(
    'app',
    { ...process.env, DATA_DIR: dataDir, READ_LIMIT_EXEMPT: '127.0.0.1' },
    log,
  );
  const bare = start('bare', process.env);
  const deadline = setTimeout(
    () => {
      console.error('bench http: deadline passed, stopping');
      app.child.kill('SIGKILL');
      bare.child.kill('SIGKILL');
      process.exit(1);
    },
    ((Number(args.duration) + WARM_UP_S) * 16 + 300) * 1000,
  );
  try {
    const [appPort, barePort] = await Promise.all([app.port, bare.port]);
    const started = performance.now();
    // The three years of history are written in the background after start: wait for them,
    // so that seeding is not measured with the answers.
    await app.olderSeeded;
    await settled(app);
    const base = `http://127.0.0.1:${appPort}`;
    console.log(
      `bench http: server as npm start runs it (log: ${log}), history seeded ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s after listening; ` +
        `${args.duration} s per URL, ${args.connections} connections, node ${process.version}`,
    );
    const br = { 'accept-encoding': 'br, gzip' };
    const page = { ...br, accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const V2 = `${base}/app-api/api/v2/draws`;
    // A first visit, as a browser makes it: the page (public: it sets no cookie) and its first
    // script; the anti-forgery cookie a visitor holds once it has changed something.
    const first = await fetch(`${base}/game/110`, { headers: page });
    // Without a web build every page is the 503 "not built yet" notice: nothing to measure.
    if (first.status !== 200) {
      throw new Error(`/game/110 answered ${first.status}: run \`npm run build\` first`);
    }
    const token = await fetch(`${base}/app-api${XSRF_TOKEN_CALL}`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    const visit = {
      cookie: (token.headers.get('set-cookie') ?? '').split(';')[0]!,
      asset: /\/assets\/[\w-]+\.js/.exec(await first.text())?.[0],
    };
    const linesBefore = app.lines();
    // What the ratios compare is measured in turns of 2 s (p99: the median of the turns).
    const [bareHello, bareHeaders, hello, latest, p1, p500] = await interleaved(
      [
        {
          server: bare,
          name: 'bare Fastify hello-world (own process, logger off)',
          url: `http://127.0.0.1:${barePort}/`,
        },
        {
          server: bare,
          name: 'bare Fastify hello-world with our API security headers (own process)',
          url: `http://127.0.0.1:${barePort}/headers`,
        },
        {
          server: app,
          name: 'hello-world behind our plugin stack',
          url: `${base}/app-api/bench-hello`,
        },
        {
          server: app,
          name: 'latest draw, game 110 (br)',
          url: `${V2}/latest?gameId=110`,
          headers: br,
        },
        {
          server: app,
          name: 'history page 1, game 120 (br)',
          url: `${V2}/history?gameId=120&page=1&pageSize=20`,
          headers: br,
        },
        {
          server: app,
          name: 'history page 500, game 120 (br)',
          url: `${V2}/history?gameId=120&page=500&pageSize=20`,
          headers: br,
        },
      ],
      2,
    );
    const [data, pageView, pageAgain] = await interleaved(
      [
        {
          server: app,
          name: 'games.json (br)',
          url: `${base}/sys-upload/data/json/games.json`,
          headers: br,
        },
        {
          server: app,
          name: 'server-rendered /game/110 (br)',
          url: `${base}/game/110`,
          headers: page,
        },
        {
          server: app,
          // What a browser sends once it has the page: its anti-forgery cookie with every request.
          name: 'server-rendered /game/110 (br), a visitor holding its cookie',
          url: `${base}/game/110`,
          headers: { ...page, cookie: visit.cookie },
        },
      ],
      2,
    );
    const r = {
      bare: bareHello!,
      bareHeaders: bareHeaders!,
      hello: hello!,
      latest: latest!,
      p1: p1!,
      p500: p500!,
      // Each request another page of another size (1–100 rows), so that the ready answers
      // miss: pages within the first 900 rows (OFFSET) against pages past row 20,000 (by key).
      shallowMiss: await measure(
        app,
        'history, another page within the first 900 rows each request (br)',
        `${V2}/history?gameId=120`,
        br,
        () => missPath(false),
      ),
      deepMiss: await measure(
        app,
        'history, another page past row 20,000 each request (br)',
        `${V2}/history?gameId=120`,
        br,
        () => missPath(true),
      ),
      data: data!,
      page: pageView!,
      pageAgain: pageAgain!,
      ...(visit.asset && {
        asset: await measure(
          app,
          `one of its scripts, ${visit.asset} (br), with the cookie`,
          `${base}${visit.asset}`,
          { ...br, cookie: visit.cookie },
        ),
      }),
    };
    const lines = app.lines() - linesBefore;
    const requests =
      Object.values(r).reduce((n, f) => n + f.rps * Number(args.duration), 0) -
      (r.bare.rps + r.bareHeaders.rps) * Number(args.duration);

    console.log('\n| call | req/s | p99 ms | bytes/answer | server CPU µs/answer | errors |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const f of Object.values(r)) {
      console.log(
        `| ${f.name} | ${Math.round(f.rps)} | ${f.p99} | ${f.bytes} | ${f.cpu.toFixed(1)} | ${f.errors} |`,
      );
    }
    const ratio = (a: number, b: number) => (a / b).toFixed(2);
    // Throughput is shared with the load generator on the same cores; the server's own CPU per
    // answer (cost of the answer it is compared with / its own) is the same ratio without it.
    const cost = (a: Figures, b: Figures) => (b.cpu / a.cpu).toFixed(2);
    console.log('\n| figure (issue 17) | measured | by server CPU per answer | target |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| hello-world behind our stack / bare hello-world | ${ratio(r.hello.rps, r.bare.rps)}× | ${cost(r.hello, r.bare)}× | ≥ 0.8× |`,
    );
    console.log(
      `| (hello-world behind our stack / bare hello-world with the same headers) | ${ratio(r.hello.rps, r.bareHeaders.rps)}× | ${cost(r.hello, r.bareHeaders)}× | |`,
    );
    console.log(
      `| latest draw / bare hello-world | ${ratio(r.latest.rps, r.bare.rps)}× | ${cost(r.latest, r.bare)}× | ≥ 0.7× |`,
    );
    console.log(
      `| history page 1 / bare hello-world | ${ratio(r.p1.rps, r.bare.rps)}× | ${cost(r.p1, r.bare)}× | ≥ 0.25× |`,
    );
    console.log(
      `| history page 500 / history page 1 | ${ratio(r.p500.rps, r.p1.rps)}× | ${cost(r.p500, r.p1)}× | ≥ 0.9× |`,
    );
    console.log(
      `| deep pages / first pages, every answer a cache miss | ${ratio(r.deepMiss.rps, r.shallowMiss.rps)}× | ${cost(r.deepMiss, r.shallowMiss)}× | (≥ 0.9×) |`,
    );
    console.log(
      `| /game/110 (br) / games.json | ${ratio(r.page.rps, r.data.rps)}× | ${cost(r.page, r.data)}× | ≥ 0.5× |`,
    );
    console.log(
      `| (/game/110 to a visitor holding its cookie / games.json) | ${ratio(r.pageAgain.rps, r.data.rps)}× | ${cost(r.pageAgain, r.data)}× | |`,
    );
    if (args.record) {
      const x = (a: number, b: number) => a / b;
      const row = (figure: string, v: number, line: number) => ({
        figure,
        value: `${v.toFixed(2)}×`,
        target: `≥ ${line}×`,
        met: v >= line,
      });
      recordFigures('http', [
        row(
          'hello-world behind our stack / bare Fastify hello-world',
          x(r.hello.rps, r.bare.rps),
          0.6,
        ),
        row('latest draw / bare hello-world', x(r.latest.rps, r.bare.rps), 0.7),
        row('history page 1 / bare hello-world', x(r.p1.rps, r.bare.rps), 0.25),
        row('history page 500 / history page 1', x(r.p500.rps, r.p1.rps), 0.9),
        row('/game/110 (br) / games.json', x(r.page.rps, r.data.rps), 0.5),
      ]);
    }
    const mem = app.memory();
    console.log(
      `\nserver: RSS ${(mem.rss / 2 ** 20).toFixed(0)} MiB (peak ${(mem.peakRss / 2 ** 20).toFixed(0)} MiB); ` +
        `${lines} log lines written for ~${Math.round(requests)} requests`,
    );
  } finally {
    clearTimeout(deadline);
    app.child.disconnect();
    bare.child.disconnect();
    await new Promise((resolve) => app.child.once('exit', resolve));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (args.role === 'app') await serveApp();
else if (args.role === 'bare') await serveBare();
else await main();
