// The live socket against the real draw service (seeded games, demo history, its own publish).
import {
  COMMAND,
  DrawSchema,
  DrawSnapshotSchema,
  type Draw,
  type DrawSnapshot,
} from '@kaijiang/domain';
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { connect, wsUrl } from '../helpers/live.ts';

describe('live socket on the real draw service', () => {
  let t: TestApp;
  let url: string;

  beforeAll(async () => {
    t = await createTestApp({ demoHistoryDays: 8 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = wsUrl(t.app);
  });
  afterAll(() => t.close());

  it('serves snapshots, history and the service’s own publishes', async () => {
    const c = await connect(url);
    c.send({ id: 's', command: COMMAND.SUBSCRIBE, content: { gameIds: [120, 110, 987654] } });
    const refusal = await c.next((f) => f.command === COMMAND.REFUSED);
    expect(refusal.content).toMatchObject({ code: 'NOT_FOUND' });
    const snaps = [await c.next(), await c.next()].map((f) => f.content as DrawSnapshot);
    expect(snaps.map((s) => s.gameId).sort()).toEqual([110, 120]);
    for (const s of snaps) expect(Value.Check(DrawSnapshotSchema, s)).toBe(true);

    c.send({ id: 'h', command: COMMAND.HISTORY, content: { gameId: 110, limit: 5 } });
    const answer = (await c.next()).content as { gameId: number; draws: Draw[] };
    expect(answer.gameId).toBe(110);
    expect(answer.draws).toHaveLength(5);
    for (const d of answer.draws) expect(Value.Check(DrawSchema, d)).toBe(true);
    const times = answer.draws.map((d) => Date.parse(d.drawAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    // The service publishes a stored change through the hub: it reaches the socket.
    const s120 = snaps.find((s) => s.gameId === 120)!;
    await t.app.draws.changed({
      gameId: 120,
      issue: s120.nextIssue,
      drawAt: s120.nextDrawAt,
      year: new Date(s120.nextDrawAt).getUTCFullYear(),
      status: 'drawing',
      numbers: ['08'],
    });
    const live = (await c.next()).content as DrawSnapshot;
    expect(live).toMatchObject({
      gameId: 120,
      issue: s120.nextIssue,
      status: 'drawing',
      numbers: ['08'],
    });
    await c.close();
  });
});
