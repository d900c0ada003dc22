// `npm run bench http [-- --duration 10 --connections 50 --days 1096]`
//
// Throughput and tail latency of the public draw API beside a Fastify hello-world, in one run:
// a child process serves both on loopback (this server built with buildApp on a temp SQLite
// database seeded with `days` of demo history, DRAW_ENGINE off, logger off); this process drives
// autocannon at each in turn and prints req/s, p99 and the ratio to hello-world. A hello-world
// route inside this server shows how much of the gap is the plugin stack rather than the calls.
import { fork } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import etag from '@fastify/etag';
import Fastify from 'fastify';

interface Ports {
  app: number;
  hello: number;
  seedMs: number;
  draws: number;
}

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    pipelining: { type: 'string', default: '1' },
    days: { type: 'string', default: '1096' },
    game: { type: 'string', default: '120' },
  },
});

async function serve(): Promise<void> {
  const { buildApp } = await import('../src/app.ts');
  const { loadConfig } = await import('../src/config.ts');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kj-bench-http-'));
  const days = Number(args.days);
  const config = loadConfig({
    DATA_DIR: dataDir,
    DRAW_ENGINE: 'off',
    DEMO_HISTORY_DAYS: String(days),
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
  });
  const started = performance.now();
  // Every day synchronously: the figures must not include background seeding.
  const app = await buildApp(config, {
    logger: false,
    draws: { demoSyncDays: days },
    // The same hello-world behind every plugin of ours (helmet, cookies, anti-forgery, compress,
    // error handling): separates what the stack costs from what the draw calls cost.
    extend: async (a) => {
      a.get('/app-api/bench-hello', async () => ({ hello: 'world' }));
      // The same identity bytes of five-elements.json, but compressed and tagged per response by
      // @fastify/compress and @fastify/etag: what the data files would cost without their
      // ready variants (README, design notes).
      await a.register(async (scope) => {
        await scope.register(etag);
        scope.get('/app-api/bench-data-per-response', async (_request, reply) => {
          const file = await a.staticFiles.get('five-elements.json');
          return reply.type('application/json; charset=utf-8').send(file!.body);
        });
      });
    },
  });
  await app.ready();
  const seedMs = Math.round(performance.now() - started);
  const draws = await app.repos.draws.countDone(Number(args.game));
  await app.listen({ port: 0, host: '127.0.0.1' });

  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });

  const portOf = (s: typeof hello.server) => (s.address() as { port: number }).port;
  const ports: Ports = { app: portOf(app.server), hello: portOf(hello.server), seedMs, draws };
  process.send?.(ports);
  const stop = async () => {
    await Promise.allSettled([app.close(), hello.close()]);
    await fs.rm(dataDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
}

interface Figures {
  name: string;
  rps: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Figures> {
  const r = await autocannon({
    url,
    headers,
    duration: Number(args.duration),
    connections: Number(args.connections),
    pipelining: Number(args.pipelining),
  });
  // A 304 is the answer a revalidation wants, not an error.
  const errors = r.errors + r.timeouts + r['4xx'] + r['5xx'];
  return { name, rps: r.requests.average, p99: r.latency.p99, errors };
}

async function main(): Promise<void> {
  const child = fork(import.meta.filename, [...process.argv.slice(2), '--serve'], {
    execArgv: process.execArgv.filter((a) => a !== '--expose-gc'),
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // Whole run bounded: seeding plus five measurements plus slack.
  const deadline = setTimeout(
    () => {
      console.error('bench http: deadline passed, stopping');
      child.kill('SIGKILL');
      process.exit(1);
    },
    (Number(args.duration) * 9 + 180) * 1000,
  );
  const ports = await new Promise<Ports>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ports));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const game = Number(args.game);
  const base = `http://127.0.0.1:${ports.app}/app-api/api/v2/draws`;
  console.log(
    `bench http: ${args.days} days of history seeded in ${ports.seedMs} ms ` +
      `(${ports.draws} draws of game ${game}); ${args.duration} s, ` +
      `${args.connections} connections, pipelining ${args.pipelining}, node ${process.version}`,
  );
  const results: Figures[] = [];
  results.push(await measure('hello-world', `http://127.0.0.1:${ports.hello}/`));
  results.push(
    await measure('hello-world in kaijiang', `http://127.0.0.1:${ports.app}/app-api/bench-hello`),
  );
  results.push(await measure('latest draw', `${base}/latest?gameId=${game}`));
  results.push(await measure('history p1', `${base}/history?gameId=${game}&page=1&pageSize=20`));
  results.push(
    await measure('history p500', `${base}/history?gameId=${game}&page=500&pageSize=20`),
  );
  // The static data file as served (ready br bytes, tag built once) beside the same bytes
  // compressed and tagged per response, and a revalidation of each.
  const data = `http://127.0.0.1:${ports.app}/sys-upload/data/json/five-elements.json`;
  const perResponse = `http://127.0.0.1:${ports.app}/app-api/bench-data-per-response`;
  const br = { 'accept-encoding': 'br' };
  results.push(await measure('five-elements.json br, ready bytes', data, br));
  results.push(await measure('five-elements.json br, compress+etag per response', perResponse, br));
  const tagOf = async (url: string) => (await fetch(url, { headers: br })).headers.get('etag');
  const [readyTag, perTag] = [await tagOf(data), await tagOf(perResponse)];
  results.push(
    await measure('five-elements.json 304, ready tag', data, {
      ...br,
      'if-none-match': readyTag ?? '',
    }),
  );
  results.push(
    perTag
      ? await measure('five-elements.json 304, etag per response', perResponse, {
          ...br,
          'if-none-match': perTag,
        })
      : {
          name: 'five-elements.json 304, etag per response: no ETag on a br answer',
          rps: 0,
          p99: 0,
          errors: 0,
        },
  );
  child.disconnect();
  clearTimeout(deadline);

  const hello = results[0]!.rps;
  console.log('\n| call | req/s | p99 ms | ratio to hello-world | errors |');
  console.log('|---|---:|---:|---:|---:|');
  for (const r of results) {
    const ratio = (r.rps / hello).toFixed(2);
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${ratio} | ${r.errors} |`);
  }
}

if (args.serve) await serve();
else await main();
