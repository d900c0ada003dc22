// The live socket with its fan-out shared with the second thread (live/write-thread.ts), on a
// listening app and real ws clients: what the thread writes is what a client parses.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMMAND, type DrawSnapshot } from '@kaijiang/domain';
import { LiveConnection } from '../../src/live/live-connection.ts';
import { WriteThread } from '../../src/live/write-thread.ts';
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

// One game for the whole file: the hub never lets a game go back, so each test's issues are
// newer than the last test's.
const GAME = 9101;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('live fan-out on two threads', () => {
  let t: TestApp;
  let url: string;
  const draws = fakeDraws();

  beforeAll(async () => {
    draws.games.set(GAME, [
      {
        gameId: GAME,
        issue: '999',
        status: 'done',
        numbers: BALLS,
        drawAt: '2026-03-01T13:25:00.000Z',
      },
    ]);
    t = await createTestApp(
      // Every turn of two sockets or more is shared with the thread.
      { live: { idleTimeoutMs: 60_000, maxConnectionsPerIp: 0, parallelFrom: 2 } },
      { extend: useDraws(draws) },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(t.app);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  async function subscribed(n: number): Promise<TestSocket[]> {
    const sockets = await Promise.all(Array.from({ length: n }, () => connect(url)));
    for (const c of sockets) {
      c.send({ id: 's', command: COMMAND.SUBSCRIBE, content: { gameIds: [GAME] } });
      await c.next((f) => f.id === 's');
    }
    return sockets;
  }

  /** Publishes until a fan-out was handed to the thread (it starts with the audience). */
  async function threadWriting(start: ReturnType<typeof vi.spyOn>, issue: string) {
    for (let i = 0; i < 100 && start.mock.calls.length === 0; i++) {
      await t.app.liveHub.publish(snapshot(GAME, issue, BALLS.slice(0, 1 + (i % 6))));
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(start.mock.calls.length).toBeGreaterThan(0);
  }

  it('gives every socket every ball, whole and in order', async () => {
    const start = vi.spyOn(WriteThread.prototype, 'start');
    const sockets = await subscribed(6);
    await threadWriting(start, '1000');
    const handed = start.mock.calls.length;
    for (let i = 1; i <= 7; i++) {
      await t.app.liveHub.publish(snapshot(GAME, '1001', BALLS.slice(0, i)));
    }
    for (const c of sockets) {
      await c.next((f) => {
        const s = f.content as DrawSnapshot | undefined;
        return s?.issue === '1001' && s.status === 'done';
      });
      const balls = c
        .frames()
        .map((f) => f.content as DrawSnapshot)
        .filter((s) => s?.issue === '1001')
        .map((s) => s.numbers.length);
      expect(balls).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    // Seven fan-outs, each handed to the thread: half of the six sockets were its to write.
    expect(start.mock.calls.length - handed).toBe(7);
    expect(start.mock.calls.at(-1)![0]).toBe(3);
    await Promise.all(sockets.map((c) => c.close()));
  });

  it('keeps the stream of a reader that stopped reading whole, and it ends on the newest', async () => {
    const start = vi.spyOn(WriteThread.prototype, 'start');
    const wrote = vi.spyOn(LiveConnection.prototype, 'wrote');
    const sockets = await subscribed(2);
    await threadWriting(start, '2000');
    for (const c of sockets) c.ws.pause();
    // 12 KB snapshots until the thread meets a full buffer (a partial write, or EAGAIN)…
    const filler = 'x'.repeat(12 * 1024);
    let issue = 3_000_000;
    const short = () => wrote.mock.calls.some(([wire, n]) => n >= 0 && n < wire.length);
    for (let i = 0; i < 5_000 && !short(); i++) {
      const s = snapshot(GAME, String(issue++), BALLS);
      await t.app.liveHub.publish({ ...s, nextIssue: filler });
    }
    expect(short()).toBe(true);
    // …and a few more, which wait for the socket's drain (only the newest is kept).
    for (let i = 0; i < 3; i++) await t.app.liveHub.publish(snapshot(GAME, String(issue++), BALLS));
    const newest = String(issue - 1);
    for (const c of sockets) c.ws.resume();
    for (const c of sockets) {
      await c.next((f) => (f.content as DrawSnapshot)?.issue === newest, 15_000);
      const issues = c
        .frames()
        .map((f) => Number((f.content as DrawSnapshot)?.issue))
        .filter((n) => n >= 3_000_000);
      // Every frame parsed (a broken stream would have closed the socket), none out of order.
      expect(issues.every((n, i) => i === 0 || n > issues[i - 1]!)).toBe(true);
      expect(c.ws.readyState).toBe(c.ws.OPEN);
    }
    await Promise.all(sockets.map((c) => c.close()));
  }, 60_000);

  it('waits for the thread even when its own part of the turn fails, and the next ball goes out', async () => {
    const start = vi.spyOn(WriteThread.prototype, 'start');
    const finish = vi.spyOn(WriteThread.prototype, 'finish');
    const sockets = await subscribed(4);
    await threadWriting(start, '5000');
    vi.spyOn(LiveConnection.prototype, 'push').mockImplementationOnce(() => {
      throw new Error('a bug in a socket write');
    });
    await t.app.liveHub.publish(snapshot(GAME, '5001', BALLS.slice(0, 1)));
    // The thread's turn was waited for (its sockets made whole before anything else is written).
    expect(finish.mock.calls.length).toBe(start.mock.calls.length);
    vi.mocked(LiveConnection.prototype.push).mockRestore();
    await t.app.liveHub.publish(snapshot(GAME, '5001', BALLS.slice(0, 2)));
    for (const c of sockets) {
      await c.next((f) => {
        const s = f.content as DrawSnapshot | undefined;
        return s?.issue === '5001' && s.numbers.length === 2;
      });
    }
    await Promise.all(sockets.map((c) => c.close()));
  });

  // Last: the thread is given up for good after it.
  it('closes the sockets of a turn the thread did not answer for, with "try again later"', async () => {
    const start = vi.spyOn(WriteThread.prototype, 'start');
    const sockets = await subscribed(4);
    await threadWriting(start, '6000');
    const finish = WriteThread.prototype.finish;
    // As when the thread stops answering: how much of the frame each of its sockets got is unknown.
    vi.spyOn(WriteThread.prototype, 'finish').mockImplementation(function (this: WriteThread) {
      finish.call(this);
      return null;
    });
    await t.app.liveHub.publish(snapshot(GAME, '6001', BALLS));
    const closed = await Promise.all(
      sockets.map((c) => Promise.race([c.closed, sleep(1_000).then(() => null)])),
    );
    // Every other socket was the thread's; the rest got the ball and stay.
    expect(closed.filter((c) => c?.code === 1013)).toHaveLength(2);
    const open = sockets.filter((_, i) => closed[i] === null);
    expect(open).toHaveLength(2);
    for (const c of open) await c.next((f) => (f.content as DrawSnapshot)?.issue === '6001');
    await Promise.all(sockets.map((c) => c.close()));
  });
});
