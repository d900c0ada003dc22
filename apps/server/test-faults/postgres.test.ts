// On PostgreSQL and Redis (run through with-postgres.sh and with-redis.sh): kill -9 mid-draw,
// then a 30 s PostgreSQL stop and a Redis stop under a running server. In this order, in one
// file: the outage stops the cluster every PostgreSQL test shares.
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { liveChannel } from '../src/services/live/redis-hub.ts';
import {
  GAME,
  crashLines,
  createSite,
  dump,
  health,
  runScript,
  sleep,
  startServer,
  Watcher,
  type Site,
} from './harness.ts';
import { killAndRestart } from './kill-restart.ts';

const PG_DOWN_MS = 30_000;
const REDIS_DOWN_MS = 10_000;
const log = (m: string) => console.info(`[postgres] ${m}`);

const redisUrl = () => {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('REDIS_URL is not set: run through scripts/with-redis.sh');
  return url;
};

const sites: Site[] = [];
const site = async () => {
  const s = await createSite('postgres', { REDIS_URL: redisUrl() });
  sites.push(s);
  return s;
};
beforeAll(() => {
  redisUrl();
});
afterAll(async () => {
  for (const s of sites) await s.cleanup();
});

it('PostgreSQL: kill -9 at 1, 3 and 6 balls keeps the published balls and finishes the draw', async () =>
  killAndRestart(await site(), log));

it('survives a 30 s PostgreSQL stop and a Redis stop, then draws and fans out again', async () => {
  const server = await startServer(await site(), 500);
  const watcher = await Watcher.open(server.port);
  // Another instance's view of the fan-out: what reaches the Redis channel.
  const sub = new Redis(redisUrl(), { maxRetriesPerRequest: null, retryStrategy: () => 200 });
  sub.on('error', () => undefined);
  const viaRedis: { gameId: number; issue: string; status: string; drawAt: string }[] = [];
  sub.on('message', (_c: string, m: string) =>
    viaRedis.push(JSON.parse(m) as (typeof viaRedis)[0]),
  );
  await sub.subscribe(liveChannel('kj'));
  try {
    expect(await health(server.port)).toBe(200);

    await runScript('KJ_PG_STOP');
    const pgDownAt = Date.now();
    log('PostgreSQL stopped');
    const during: number[] = [];
    while (Date.now() - pgDownAt < PG_DOWN_MS) {
      await sleep(3_000);
      expect(server.alive(), dump(server.logs)).toBe(true);
      during.push(await health(server.port));
      // Live sockets stay up and answered.
      expect(await watcher.pingEchoed()).toBe(true);
    }
    // The health check says what is wrong instead of hanging or dying.
    expect(
      during.every((s) => s === 503),
      String(during),
    ).toBe(true);
    await runScript('KJ_PG_START');
    log('PostgreSQL started again');
    const until = Date.now() + 30_000;
    while ((await health(server.port)) !== 200) {
      expect(Date.now() < until, 'health back within 30 s').toBe(true);
      await sleep(500);
    }

    await runScript('KJ_REDIS_STOP');
    log('Redis stopped');
    await sleep(REDIS_DOWN_MS);
    expect(server.alive(), dump(server.logs)).toBe(true);
    expect(await health(server.port)).toBe(200);
    expect(await watcher.pingEchoed()).toBe(true);
    await runScript('KJ_REDIS_START');
    const back = Date.now();
    log('Redis started again');

    // The next draw after both came back: drawn ball by ball, shown on the socket and
    // published through Redis to every other instance.
    const done = await watcher.find(
      (s) => s.status === 'done' && Date.parse(s.drawAt) > back,
      75_000,
      'the next draw after the outages',
    );
    expect(new Set(done.numbers).size).toBe(7);
    const balls = watcher.seen.filter((s) => s.issue === done.issue).map((s) => s.numbers.length);
    expect(balls).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, 7]));
    await expect
      .poll(() =>
        viaRedis.some((m) => m.gameId === GAME && m.issue === done.issue && m.status === 'done'),
      )
      .toBe(true);
    log(`draw ${done.issue} after the outages: ${done.numbers.join(' ')}`);

    expect(server.alive()).toBe(true);
    expect(crashLines(server.logs), dump(server.logs)).toEqual([]);
    // Logged, not flooded: each kind of failure once, then at most once per 30 s.
    const errors = server.logs.filter((l) => Number(l.level) >= 40 && Number(l.time) >= pgDownAt);
    const byMsg = new Map<string, number>();
    for (const l of errors) byMsg.set(String(l.msg), (byMsg.get(String(l.msg)) ?? 0) + 1);
    log(`${errors.length} warning/error lines during and after the outages:`);
    for (const [msg, n] of byMsg) log(`  ${n} × ${msg}`);
    // Two Redis connections each say they lost it; everything else fits the 30 s period.
    for (const [msg, n] of byMsg) expect(n, msg).toBeLessThanOrEqual(3);
  } finally {
    watcher.close();
    sub.disconnect();
    await server.stop();
  }
});
