// The live socket's plain upgrades are taken before the framework (routes/live/index.ts): the
// same socket, the same limits, and every other upgrade still answered by the route.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND, type Frame } from '@kaijiang/domain';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BALLS,
  connect,
  fakeDraws,
  refusedStatus,
  useDraws,
  wsUrl,
  type TestSocket,
} from '../helpers/live.ts';

const GAME = 9001;

/** A test app whose framework notes every socket request it sees. */
async function frontApp(overrides: Parameters<typeof createTestApp>[0]) {
  const routed: string[] = [];
  const draws = fakeDraws();
  draws.games.set(GAME, [
    {
      gameId: GAME,
      issue: '2026100',
      status: 'done',
      numbers: BALLS,
      drawAt: '2026-01-01T13:30:00.000Z',
    },
  ]);
  const t = await createTestApp(overrides, {
    extend(app) {
      useDraws(draws)(app);
      app.addHook('onRequest', (request, _reply, done) => {
        if (request.url.startsWith('/ws-game')) routed.push(request.url);
        done();
      });
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, routed };
}

async function subscribed(c: TestSocket): Promise<Frame> {
  c.send({ id: 's-1', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
  return c.next((f) => f.id === 's-1');
}

describe('live upgrades taken before the framework', () => {
  let t: TestApp;
  let routed: string[];
  beforeAll(async () => {
    ({ t, routed } = await frontApp({
      allowedOrigins: ['https://www.example.com'],
      live: { idleTimeoutMs: 30_000, maxConnectionsPerIp: 2 },
    }));
  });
  afterAll(() => t.close());
  afterEach(async () => {
    for (const client of t.app.socketServer.clients) client.terminate();
    await expect.poll(() => t.app.liveStats.sockets(), { timeout: 10_000 }).toBe(0);
    routed.length = 0;
  });

  it('takes a plain upgrade itself and leaves every other one to the route', async () => {
    const origin = { origin: 'https://www.example.com' };
    const front = await connect(wsUrl(t.app, 'front-1'), origin);
    expect((await subscribed(front)).command).toBe(COMMAND.SNAPSHOT);
    expect(routed, 'a plain upgrade never reaches the framework').toEqual([]);

    // Another spelling of the path (a query) is the route's, with the same socket behind it.
    const routedSocket = await connect(`${wsUrl(t.app, 'front-2')}?v=2`, origin);
    expect((await subscribed(routedSocket)).command).toBe(COMMAND.SNAPSHOT);
    expect(routed).toEqual(['/ws-game/front-2?v=2']);

    // Refusals are the route's, with its answers: a foreign page, then the address's cap.
    expect(await refusedStatus(wsUrl(t.app, 'front-3'), { origin: 'https://evil.example' })).toBe(
      403,
    );
    expect(await refusedStatus(wsUrl(t.app, 'front-4'), origin)).toBe(429);
    expect(routed).toEqual(['/ws-game/front-2?v=2', '/ws-game/front-3', '/ws-game/front-4']);
    expect(t.app.liveStats.sockets()).toBe(2);

    // A socket taken either way leaves its place when it closes.
    await front.close();
    await expect.poll(() => t.app.liveStats.sockets()).toBe(1);
    const again = await connect(wsUrl(t.app, 'front-5'), origin);
    expect(routed).toHaveLength(3);
    await again.close();
    await routedSocket.close();
  });

  it('leaves a path with anything to decode or too long a guid to the route', async () => {
    for (const guid of ['a%20b', 'x'.repeat(65), 'a/b']) {
      const status = await connect(wsUrl(t.app, guid)).then(
        async (c) => {
          await c.close();
          return 101;
        },
        (err: Error) => Number(/(\d{3})/.exec(err.message)?.[1] ?? 0),
      );
      expect(status, guid).toBe(guid === 'a%20b' ? 101 : guid.length > 64 ? 400 : 404);
    }
    expect(routed).toEqual(['/ws-game/a%20b', `/ws-game/${'x'.repeat(65)}`]);
  });

  it('says goodbye to sockets it took when the server shuts down', async () => {
    const { t: other } = await frontApp({});
    const c = await connect(wsUrl(other.app));
    await subscribed(c);
    await other.close();
    expect((await c.closed).code).toBe(1001);
  });
});

describe('live upgrades before the framework, behind a trusted proxy', () => {
  let t: TestApp;
  let routed: string[];
  beforeAll(async () => {
    ({ t, routed } = await frontApp({
      trustProxy: ['127.0.0.1'],
      live: { idleTimeoutMs: 30_000, maxConnectionsPerIp: 1 },
    }));
  });
  afterAll(() => t.close());

  it('counts the forwarded visitor, and checks the origin against the forwarded host', async () => {
    const from = (ip: string) => ({
      'x-forwarded-for': ip,
      'x-forwarded-host': 'kj.example',
      origin: 'https://kj.example',
    });
    const a = await connect(wsUrl(t.app, 'p-1'), from('203.0.113.1'));
    const b = await connect(wsUrl(t.app, 'p-2'), from('203.0.113.2'));
    expect(routed, 'both taken before the framework').toEqual([]);
    // The same visitor again, either way: over its cap of one.
    expect(await refusedStatus(wsUrl(t.app, 'p-3'), from('203.0.113.1'))).toBe(429);
    expect(await refusedStatus(`${wsUrl(t.app, 'p-4')}?v=1`, from('203.0.113.2'))).toBe(429);
    // A page of another host is foreign, though the proxy's own address is allowed.
    expect(
      await refusedStatus(wsUrl(t.app, 'p-5'), {
        ...from('203.0.113.3'),
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    expect(routed).toEqual(['/ws-game/p-3', '/ws-game/p-4?v=1', '/ws-game/p-5']);
    await a.close();
    await b.close();
  });
});
