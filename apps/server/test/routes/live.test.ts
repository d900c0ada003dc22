// The live socket of docs/architecture.md §7, with a real ws client against a listening server.
import { COMMAND, HISTORY_MAX, type Draw, type DrawSnapshot } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  BALLS,
  connect,
  fakeDraws,
  refusedStatus,
  snapshot,
  useDraws,
  wsUrl,
} from '../helpers/live.ts';

const GAME = 9001;
const OTHER = 9002;

function history(gameId: number, count: number): Draw[] {
  // Newest first, as the draw service answers.
  return Array.from({ length: count }, (_, i) => ({
    gameId,
    issue: String(2026100 - i),
    status: 'done' as const,
    numbers: BALLS,
    drawAt: new Date(Date.UTC(2026, 0, 1) - i * 86_400_000).toISOString(),
  }));
}

describe('live socket /ws-game/:guid', () => {
  let t: TestApp;
  let url: string;
  const draws = fakeDraws();
  let activeSubscriptions = 0;

  beforeAll(async () => {
    draws.games.set(GAME, history(GAME, 60));
    draws.games.set(OTHER, []);
    t = await createTestApp(
      {
        allowedOrigins: ['https://www.example.com'],
        liveHosts: ['wss://live01.example.com', 'live02.example.com'],
      },
      {
        extend(app) {
          useDraws(draws)(app);
          // Counts hub listeners so the test can see them released on close.
          const subscribe = app.liveHub.subscribe.bind(app.liveHub);
          app.liveHub.subscribe = (gameId, listener) => {
            const off = subscribe(gameId, listener);
            if (gameId !== GAME && gameId !== OTHER) return off;
            activeSubscriptions++;
            return () => {
              activeSubscriptions--;
              off();
            };
          };
        },
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(t.app);
  });
  afterAll(() => t.close());

  it('echoes a ping frame exactly', async () => {
    const c = await connect(url);
    const ping = '{"id":"p-1","command":66,"content":"Ping"}';
    c.send(ping);
    await c.next();
    expect(c.raw[0]).toBe(ping);
    await c.close();
  });

  it('answers a subscribe with a snapshot at once, then every published change', async () => {
    const a = await connect(url);
    const b = await connect(url);
    for (const c of [a, b])
      c.send({ id: 's-1', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
    for (const c of [a, b]) {
      const first = await c.next();
      expect(first).toMatchObject({
        id: 's-1',
        command: 70,
        content: { gameId: GAME, issue: '2026100' },
      });
    }

    // The console's figure of the newest fan-out: none yet (a subscribe's answer is not one).
    expect(t.app.liveStats.lastFanout()).toBeNull();
    let last: DrawSnapshot | undefined;
    for (let i = 1; i <= 7; i++) {
      last = snapshot(GAME, '2026101', BALLS.slice(0, i));
      await t.app.liveHub.publish(last);
    }
    // A stale snapshot (an older issue) never reaches visitors.
    await t.app.liveHub.publish(snapshot(GAME, '2026099', BALLS));

    for (const c of [a, b]) {
      for (let i = 1; i <= 7; i++) {
        const f = await c.next();
        expect(f).toMatchObject({
          command: 70,
          content: { issue: '2026101', numbers: BALLS.slice(0, i) },
        });
      }
    }
    // One serialization per publish: both clients got byte-identical frames with one id each.
    expect(a.raw.slice(1)).toEqual(b.raw.slice(1));
    expect(new Set(a.raw.slice(1).map((r) => JSON.parse(r).id)).size).toBe(7);
    expect(a.frames().at(-1)?.content).toEqual(last);
    // The last ball went to both subscribers; the figure says so, with its time.
    const fanout = t.app.liveStats.lastFanout();
    expect(fanout).toMatchObject({ gameId: GAME, sockets: 2 });
    expect(fanout!.ms).toBeGreaterThanOrEqual(0);
    expect(fanout!.ms).toBeLessThan(10_000);
    expect(Date.now() - Date.parse(fanout!.at)).toBeLessThan(10_000);

    // A late subscriber starts from the newest state the hub has seen, not the database's.
    const late = await connect(url);
    late.send({ id: 's-2', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
    expect((await late.next()).content).toMatchObject({ issue: '2026101', numbers: BALLS });
    await Promise.all([a.close(), b.close(), late.close()]);
  });

  it('refuses an unknown game with 71 NOT_FOUND and still serves the known one', async () => {
    const c = await connect(url);
    c.send({ id: 's-3', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME, 424242] } });
    const refusal = await c.next((f) => f.command === COMMAND.REFUSED);
    expect(refusal).toEqual({
      id: 's-3',
      command: 71,
      content: { code: 'NOT_FOUND', msg: expect.stringContaining('424242') },
    });
    expect(await c.next((f) => f.command === COMMAND.SNAPSHOT)).toMatchObject({ id: 's-3' });
    // A known game without any draw yet: subscribed, but nothing to show.
    c.send({ id: 's-4', command: COMMAND.SUBSCRIBE, content: { gameIds: [OTHER] } });
    c.send({ id: 'p-2', command: COMMAND.PING, content: 'Ping' });
    expect(await c.next()).toMatchObject({ id: 'p-2' });
    await t.app.liveHub.publish(snapshot(OTHER, '1', ['01']));
    expect(await c.next()).toMatchObject({
      command: 70,
      content: { gameId: OTHER, numbers: ['01'] },
    });
    await c.close();
  });

  it('answers 69 with the newest draws, the same id, limit capped', async () => {
    const c = await connect(url);
    c.send({ id: 'h-1', command: COMMAND.HISTORY, content: { gameId: GAME, limit: 3 } });
    const f = await c.next();
    expect(f).toMatchObject({ id: 'h-1', command: 69, content: { gameId: GAME } });
    const list = (f.content as { draws: Draw[] }).draws;
    expect(list.map((d) => d.issue)).toEqual(['2026100', '2026099', '2026098']);

    c.send({ id: 'h-2', command: COMMAND.HISTORY, content: { gameId: GAME } });
    expect((await c.next()).content).toMatchObject({ draws: expect.any(Array) });
    expect(c.frames()[1]).toMatchObject({ id: 'h-2' });
    expect((c.frames()[1]!.content as { draws: Draw[] }).draws).toHaveLength(10);

    c.send({
      id: 'h-3',
      command: COMMAND.HISTORY,
      content: { gameId: GAME, limit: HISTORY_MAX + 1 },
    });
    expect(await c.next()).toMatchObject({
      id: 'h-3',
      command: 71,
      content: { code: 'REQ/INVALID' },
    });
    c.send({ id: 'h-4', command: COMMAND.HISTORY, content: { gameId: 424242, limit: 5 } });
    expect(await c.next()).toMatchObject({
      id: 'h-4',
      command: 71,
      content: { code: 'NOT_FOUND' },
    });
    c.send({ id: 'h-5', command: COMMAND.HISTORY, content: { gameId: OTHER, limit: 5 } });
    expect(await c.next()).toMatchObject({
      id: 'h-5',
      command: 69,
      content: { gameId: OTHER, draws: [] },
    });
    await c.close();
  });

  it.each([
    ['bad JSON', '{"id":"b-1","command":66,', 'b-1', 'REQ/INVALID'],
    ['an unknown command', '{"id":"b-2","command":99,"content":"x"}', 'b-2', 'WS/UNKNOWN_COMMAND'],
    [
      'a server-only command',
      '{"id":"b-3","command":70,"content":{}}',
      'b-3',
      'WS/UNKNOWN_COMMAND',
    ],
    [
      'bad subscribe content',
      '{"id":"b-4","command":67,"content":{"gameIds":["110"]}}',
      'b-4',
      'REQ/INVALID',
    ],
    [
      'an empty subscribe',
      '{"id":"b-5","command":67,"content":{"gameIds":[]}}',
      'b-5',
      'REQ/INVALID',
    ],
    [
      'a ping with other content',
      '{"id":"b-6","command":66,"content":"Pong"}',
      'b-6',
      'REQ/INVALID',
    ],
    ['a frame without id', '{"command":66,"content":"Ping"}', '', 'REQ/INVALID'],
    [
      'a frame over 4 KiB',
      `{"id":"b-7","command":66,"content":"${'x'.repeat(5000)}"}`,
      'b-7',
      'WS/TOO_LARGE',
    ],
  ])('refuses %s with 71 and the frame id', async (_name, frame, id, code) => {
    const c = await connect(url);
    c.send(frame);
    const f = await c.next();
    expect(f).toEqual({ id, command: 71, content: { code, msg: expect.any(String) } });
    expect((f.content as { msg: string }).msg).toMatch(/[\u4e00-\u9fff]/);
    // The connection survives a refusal.
    c.send({ id: 'p-3', command: 66, content: 'Ping' });
    expect(await c.next()).toMatchObject({ id: 'p-3' });
    await c.close();
  });

  it('refuses a binary frame and closes on a message beyond the payload bound', async () => {
    const c = await connect(url);
    c.ws.send(Buffer.from('{"id":"x-1","command":66,"content":"Ping"}'), { binary: true });
    expect(await c.next()).toMatchObject({ id: 'x-1', command: 71 });
    c.ws.send('x'.repeat(64 * 1024));
    expect((await c.closed).code).toBe(1009);
  });

  it('closes a client over its message rate with 1008', async () => {
    const c = await connect(url);
    for (let i = 0; i < 40; i++) c.send({ id: `r-${i}`, command: 66, content: 'Ping' });
    expect((await c.closed).code).toBe(1008);
    expect(c.raw.length).toBeLessThanOrEqual(21);
  });

  it('checks Origin before the upgrade', async () => {
    const port = new URL(url).port;
    expect(await refusedStatus(url, { origin: 'https://evil.example.net' })).toBe(403);
    expect(await refusedStatus(url, { origin: 'null' })).toBe(403);
    for (const origin of [
      `http://127.0.0.1:${port}`, // same origin
      'https://www.example.com', // ALLOWED_ORIGINS
      'https://live01.example.com', // a live host
      'http://live02.example.com', // a bare live host name, either scheme
    ]) {
      const c = await connect(url, { origin });
      await c.close();
    }
    // No Origin: not a browser.
    await (await connect(url)).close();
  });

  it('keeps a slow reader bounded and ends it on the final snapshot', async () => {
    const c = await connect(url);
    c.send({ id: 's-5', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
    await c.next();
    c.ws.pause();
    const [server] = [...t.app.socketServer.clients].slice(-1);
    let peak = 0;
    let final: DrawSnapshot | undefined;
    // Enough traffic to fill the loopback socket buffers many times over.
    const count = 30_000;
    for (let i = 0; i < count; i++) {
      final = snapshot(GAME, String(3_000_000 + i), BALLS);
      await t.app.liveHub.publish(final);
      peak = Math.max(peak, server!.bufferedAmount);
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(128 * 1024);
    c.ws.resume();
    await expect
      .poll(() => c.raw.at(-1) && JSON.parse(c.raw.at(-1)!).content.issue, { timeout: 10_000 })
      .toBe(final!.issue);
    // Dropped, not queued: far fewer frames arrived than were published.
    expect(c.raw.length).toBeLessThan(count);
    await c.close();
  });

  it('releases the hub subscriptions when the last client of a game leaves', async () => {
    await expect.poll(() => t.app.socketServer.clients.size).toBe(0);
    expect(activeSubscriptions).toBe(0);
    const c = await connect(url);
    c.send({ id: 's-6', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME, OTHER] } });
    await c.next();
    expect(activeSubscriptions).toBe(2);
    await c.close();
    await expect.poll(() => activeSubscriptions).toBe(0);
  });
});
