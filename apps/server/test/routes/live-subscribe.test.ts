// At the draw minute thousands subscribe within seconds: a game's snapshot, once read, answers the
// subscribes of the next moment (services/live/live-requests.ts), never past a change the hub delivered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND, type Draw, type DrawSnapshot, type Frame } from '@kaijiang/domain';
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
import { SNAPSHOT_REUSE_MS } from '../../src/services/live/live-requests.ts';

const GAME = 9001;
const MISSING = 4242;

const draw = (numbers: string[]): Draw => ({
  gameId: GAME,
  issue: '2026100',
  status: 'done',
  numbers,
  drawAt: '2026-01-01T13:30:00.000Z',
});

async function subscribe(c: TestSocket, id: string, gameId = GAME): Promise<Frame> {
  c.send({ id, command: COMMAND.SUBSCRIBE, content: { gameIds: [gameId] } });
  return c.next((f) => f.id === id);
}

describe('live subscribe answers of a moment', () => {
  let t: TestApp;
  const draws = fakeDraws();
  const reads: number[] = [];
  beforeAll(async () => {
    draws.games.set(GAME, [draw(BALLS)]);
    t = await createTestApp(
      {},
      {
        extend: useDraws({
          ...draws,
          snapshot: (gameId) => {
            reads.push(gameId);
            return draws.snapshot(gameId);
          },
        }),
      },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('reads a game once for the subscribes of a moment, each answered with its own time', async () => {
    const [a, b] = [await connect(wsUrl(t.app, 'a')), await connect(wsUrl(t.app, 'b'))];
    reads.length = 0;
    const first = await subscribe(a, 's-a');
    const second = await subscribe(b, 's-b');
    expect(reads).toEqual([GAME]);
    const [x, y] = [first.content as DrawSnapshot, second.content as DrawSnapshot];
    expect({ ...y, serverTime: x.serverTime }).toEqual(x);
    expect(Date.parse(y.serverTime)).toBeGreaterThanOrEqual(Date.parse(x.serverTime));

    await new Promise((r) => setTimeout(r, SNAPSHOT_REUSE_MS + 50));
    const c = await connect(wsUrl(t.app, 'c'));
    await subscribe(c, 's-c');
    expect(reads, 'read again once the moment has passed').toEqual([GAME, GAME]);
    await Promise.all([a.close(), b.close(), c.close()]);
  });

  it('reads again once the hub has delivered a change, even one that is not newer', async () => {
    const [a, b] = [await connect(wsUrl(t.app, 'd')), await connect(wsUrl(t.app, 'e'))];
    await new Promise((r) => setTimeout(r, SNAPSHOT_REUSE_MS + 50));
    reads.length = 0;
    await subscribe(a, 's-d');
    // An operator's correction: the same issue and as many balls, other numbers.
    const corrected = ['01', '02', '03', '04', '05', '06', '07'];
    draws.games.set(GAME, [draw(corrected)]);
    await t.app.liveHub.publish(snapshot(GAME, '2026100', corrected));
    const answer = await subscribe(b, 's-e');
    expect(reads).toEqual([GAME, GAME]);
    expect((answer.content as DrawSnapshot).numbers).toEqual(corrected);
    await Promise.all([a.close(), b.close()]);
  });

  it('keeps nothing of a game that does not exist', async () => {
    const a = await connect(wsUrl(t.app, 'f'));
    reads.length = 0;
    for (const id of ['m-1', 'm-2']) {
      expect((await subscribe(a, id, MISSING)).command).toBe(COMMAND.REFUSED);
    }
    expect(reads).toEqual([MISSING, MISSING]);
    await a.close();
  });
});
