// Two server instances on one real Redis, a ws client on each.
import { randomBytes } from 'node:crypto';
import { COMMAND, type DrawSnapshot } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BALLS,
  connect,
  fakeDraws,
  snapshot,
  useDraws,
  wsUrl,
  type TestSocket,
} from '../helpers/live.ts';
import { startTestRedis } from '../helpers/redis.ts';

const GAME = 9101;
const redis = await startTestRedis();
if (!redis) console.warn('SKIPPED: Redis fan-out tests need redis-server on PATH or REDIS_URL');

describe.skipIf(!redis)('live fan-out through Redis', () => {
  // Unique per run, so a shared REDIS_URL never mixes runs.
  const company = `t${randomBytes(4).toString('hex')}`;
  let a: TestApp;
  let b: TestApp;
  let other: TestApp;

  async function instance(companyCode: string): Promise<TestApp> {
    const draws = fakeDraws();
    draws.games.set(GAME, []);
    const t = await createTestApp(
      {
        redisUrl: redis!.url,
        companyCode,
        live: { idleTimeoutMs: 60_000, maxConnectionsPerIp: 0 },
      },
      { extend: useDraws(draws) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    return t;
  }

  async function subscriber(t: TestApp): Promise<TestSocket> {
    const c = await connect(wsUrl(t.app));
    c.send({ id: 'p', command: COMMAND.PING, content: 'Ping' });
    c.send({ id: 's', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
    await c.next();
    return c;
  }

  const snapshotsOf = (c: TestSocket): DrawSnapshot[] =>
    c
      .frames()
      .filter((f) => f.command === COMMAND.SNAPSHOT)
      .map((f) => f.content as DrawSnapshot);

  beforeAll(async () => {
    [a, b, other] = await Promise.all([
      instance(company),
      instance(company),
      instance(`${company}x`),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a, b, other].filter(Boolean).map((t) => t.close()));
    await redis?.close();
  });

  it('delivers every ball published on one instance to clients of both, in order, once', async () => {
    const [ca, cb, cother] = await Promise.all([subscriber(a), subscriber(b), subscriber(other)]);
    const draw = BALLS.map((_, i) => snapshot(GAME, '2026200', BALLS.slice(0, i + 1)));
    for (const s of draw) await a.app.liveHub.publish(s);
    // and the next draw from the other instance
    const next = snapshot(GAME, '2026201', []);
    await b.app.liveHub.publish(next);

    for (const c of [ca, cb]) {
      await expect.poll(() => snapshotsOf(c).length, { timeout: 5_000 }).toBe(8);
    }
    // Nothing more trickles in: exactly once.
    await new Promise((r) => setTimeout(r, 200));
    for (const c of [ca, cb]) expect(snapshotsOf(c)).toEqual([...draw, next]);
    // Another company's channel hears nothing.
    expect(snapshotsOf(cother)).toEqual([]);
    await Promise.all([ca.close(), cb.close(), cother.close()]);
  });

  it.skipIf(!redis?.stop)(
    'keeps serving its own clients through a Redis outage, and recovers',
    async () => {
      const [ca, cb] = await Promise.all([subscriber(a), subscriber(b)]);
      await redis!.stop!();
      // Publishing during the outage neither hangs nor throws, and reaches this instance's client.
      const during = snapshot(GAME, '2026300', ['01']);
      const started = Date.now();
      await a.app.liveHub.publish(during);
      expect(Date.now() - started).toBeLessThan(1_500);
      await expect.poll(() => snapshotsOf(ca).at(-1)?.issue).toBe('2026300');

      await redis!.start!();
      // ioredis reconnects and resubscribes by itself; keep publishing until both hear it.
      let n = 0;
      await expect
        .poll(
          async () => {
            await a.app.liveHub.publish(snapshot(GAME, String(2026301 + n++), ['01']));
            return snapshotsOf(cb).some((s) => s.issue > '2026300');
          },
          { timeout: 15_000, interval: 250 },
        )
        .toBe(true);
      await expect.poll(() => snapshotsOf(ca).at(-1)?.issue).toBe(String(2026300 + n));
      await Promise.all([ca.close(), cb.close()]);
    },
  );
});
