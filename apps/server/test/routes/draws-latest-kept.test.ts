// The latest answer is kept while the draw service reports no change to what it is made of: a
// poll then costs no call into the service, and a stored ball still goes out on the next poll.
import type { LatestDraw } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('the kept latest answer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ demoHistoryDays: 3 });
  });
  afterAll(() => t.close());

  const poll = async (query: string) => {
    const res = await t.app.inject({ url: `/app-api/api/v2/draws/latest${query}` });
    expect(res.statusCode).toBe(200);
    return { etag: res.headers.etag, data: res.json().data as LatestDraw | LatestDraw[] };
  };

  it('is answered without asking the draw service while nothing changed', async () => {
    for (const query of ['?gameId=110', '']) {
      // The poll that reads a cold cache makes the service count a change (it cannot tell a
      // read it caused from a change it missed), so the answer is kept from the next one on.
      await poll(query);
      const first = await poll(query);
      const latest = vi.spyOn(t.app.draws, 'latest');
      try {
        const again = await poll(query);
        expect(latest).not.toHaveBeenCalled();
        expect(again).toEqual(first);
      } finally {
        latest.mockRestore();
      }
    }
  });

  it('gives a stored ball on the very next poll, and is kept again after it', async () => {
    const before = (await poll('?gameId=110')).data as LatestDraw;
    // The next draw, due now: no ball is stored before its draw's time.
    const drawAt = new Date(t.app.draws.clock() - 1_000).toISOString();
    const ball = {
      gameId: 110,
      issue: before.nextIssue,
      drawAt,
      year: new Date(drawAt).getUTCFullYear(),
      status: 'drawing' as const,
      numbers: ['08'],
    };
    await t.app.repos.draws.insert(ball);
    await t.app.draws.changed(ball);
    // Within the kept answer's clock window: the change, not the clock, made it go.
    const after = (await poll('?gameId=110')).data as LatestDraw;
    expect(after).toMatchObject({ issue: ball.issue, status: 'drawing', numbers: ['08'] });
    expect(after.balls[0]).toMatchObject({ number: '08' });
    const home = (await poll('')).data as LatestDraw[];
    expect(home.find((d) => d.gameId === 110)).toMatchObject({ status: 'drawing' });

    await poll('?gameId=110');
    const latest = vi.spyOn(t.app.draws, 'latest');
    try {
      expect((await poll('?gameId=110')).data).toEqual(after);
      expect(latest).not.toHaveBeenCalled();
    } finally {
      latest.mockRestore();
    }
  });

  it("counts a game's changes apart from another's, and every game's for the home list", () => {
    const g110 = t.app.draws.generation(110);
    const g120 = t.app.draws.generation(120);
    const all = t.app.draws.generation();
    t.app.draws.prizesChanged(120);
    expect(t.app.draws.generation(110)).toBe(g110);
    expect(t.app.draws.generation(120)).toBeGreaterThan(g120);
    expect(t.app.draws.generation()).toBeGreaterThan(all);
  });
});
