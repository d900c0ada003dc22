// The macaujc feed against loopback stand-ins of the common Macau JSON feed: a draw taken ball by
// ball from a partial openCode, Traditional zodiac names, two feeds that disagree, a backup
// published after graceS, and several instances of which only the lease holder polls.
import type { DrawSnapshot, FeedOverview } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { macaujcStandIn, type MacauItem, type MacaujcStandIn } from '../helpers/feed-standins.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const TOKEN = 'Mc4-feedTest-2hR8pW_Qz6LkV1xN7bT3yJ5sD9';
const auth = { authorization: `Bearer ${TOKEN}` };
/** Draw 2026220 of game 110: 8 August 2026, 21:32 in Macau. */
const DRAW = Date.parse('2026-08-08T13:32:00Z');
const ISSUE = '2026220';

/** Finished draws before ISSUE, newest first, as the feed lists them (zodiac in Traditional). */
const HISTORY: MacauItem[] = [
  {
    expect: '2026219',
    openTime: '2026-08-07 21:32:00',
    openCode: '11,22,33,44,01,02,03',
    wave: 'green,red,green,blue,red,red,blue',
    zodiac: '蛇,豬,雞,龍,馬,蛇,龍',
  },
  {
    expect: '2026218',
    openTime: '2026-08-06 21:32:00',
    openCode: '04,05,06,07,08,09,10',
    wave: 'blue,green,green,red,red,blue,blue',
    zodiac: '兔,虎,牛,鼠,豬,狗,雞',
  },
  {
    expect: '2026216',
    openTime: '2026-08-04 21:32:00',
    openCode: '14,15,16,17,18,19,20',
    wave: 'blue,blue,green,green,red,red,blue',
    zodiac: '',
  },
];
const next = (openCode: string): MacauItem => ({
  expect: ISSUE,
  openTime: '2026-08-08 21:32:00',
  openCode,
});

describe('macaujc feed', () => {
  const cleanups: (() => Promise<void>)[] = [];
  // Each test's apps go when it ends: several engines' connection pools at once would exhaust
  // a PostgreSQL server's connections.
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  async function feed(items: MacauItem[]): Promise<MacaujcStandIn> {
    const f = await macaujcStandIn('macaujc2', items);
    cleanups.push(() => f.close());
    return f;
  }
  async function app(
    at: number,
    env?: TestEnv,
    holderId?: string,
  ): Promise<{ app: FastifyInstance; env: TestEnv }> {
    const e = env ?? (await createTestEnv());
    const a = await buildTestApp(
      e,
      {
        drawEngine: true,
        drawUpstreamPollMs: 50,
        drawBallIntervalMs: 20,
        adminToken: TOKEN,
        drawLeaseTtlMs: 1_500,
      },
      { draws: { clock: clockFrom(at), ...(holderId && { holderId }) } },
    );
    cleanups.push(async () => {
      await a.close();
      if (!env) await e.cleanup();
    });
    return { app: a, env: e };
  }
  const setSources = (a: FastifyInstance, feeds: MacaujcStandIn[], graceS = 60) =>
    a.inject({
      method: 'PUT',
      url: '/app-api/admin/games/110/sources',
      headers: auth,
      payload: {
        sources: feeds.map((f) => ({ kind: 'macaujc', url: f.url, remote: 'macaujc2' })),
        graceS,
      },
    });
  const overview = async (a: FastifyInstance) =>
    (await a.inject({ url: '/app-api/admin/games/110/sources', headers: auth })).json()
      .data as FeedOverview;
  const latest = async (a: FastifyInstance) =>
    (await a.inject('/app-api/api/v2/draws/latest?gameId=110')).json().data;

  it('takes a draw ball by ball from a partial openCode, with our own zodiacs shown', async () => {
    const f = await feed([next(''), ...HISTORY]);
    const { app: a } = await app(DRAW + 2_000);
    expect((await setSources(a, [f])).statusCode).toBe(200);
    const frames: DrawSnapshot[] = [];
    a.liveHub.subscribe(110, (s) => s.issue === ISSUE && frames.push(s));
    // The history fills, the missing 2026217 stays a gap the feed does not have either.
    await waitFor(
      async () => (await a.repos.draws.get(110, '2026216'))?.status === 'done',
      20_000,
      'the fill',
    );
    expect(await a.repos.draws.get(110, '2026217')).toBeUndefined();
    for (const code of ['05', '05,12', '05,12,33,,,,', '05,12,33,40', '05,12,33,40,41,42,43']) {
      f.items = [next(code), ...HISTORY];
      const n = code.split(',').filter(Boolean).length;
      await waitFor(
        async () => (await a.repos.draws.get(110, ISSUE))?.numbers.length === n,
        10_000,
        `${n} balls`,
      );
    }
    const done = await waitFor(
      async () => {
        const d = await latest(a);
        return d.issue === ISSUE && d.status === 'done' ? d : undefined;
      },
      10_000,
      'the finished draw',
    );
    expect(done.numbers).toEqual(['05', '12', '33', '40', '41', '42', '43']);
    expect(done.source).toBe('macaujc');
    expect(frames.map((s) => s.numbers.length).filter((n) => n > 0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    // The feed wrote 2026219's zodiacs in Traditional (some deliberately not ours): ours are shown.
    const d219 = (await a.inject(`/app-api/api/v2/draws/110/2026219`)).json().data;
    expect(d219.balls.map((b: { zodiacZh: string }) => b.zodiacZh)).not.toContain('豬');
  });

  it('publishes only the shared balls when two feeds disagree; an operator settles it', async () => {
    const a1 = await feed([next('05,12,33,40,41,42,43'), ...HISTORY]);
    const b1 = await feed([next('05,12,34,40,41,42,43'), ...HISTORY]);
    const { app: a } = await app(DRAW + 2_000);
    expect((await setSources(a, [a1, b1])).statusCode).toBe(200);
    const d = await waitFor(
      async () => {
        const x = await latest(a);
        return x.issue === ISSUE && x.status === 'disputed' ? x : undefined;
      },
      20_000,
      'the dispute',
    );
    expect(d.numbers).toEqual(['05', '12']);
    const o = await overview(a);
    expect(o.disputes[0]!.candidates.map((c) => c.numbers.join(','))).toEqual([
      '05,12,33,40,41,42,43',
      '05,12,34,40,41,42,43',
    ]);
    expect(o.alerts.some((x) => x.text.includes(ISSUE))).toBe(true);
    const res = await a.inject({
      method: 'POST',
      url: `/app-api/admin/draws/110/${ISSUE}/settle`,
      headers: auth,
      payload: { numbers: ['05', '12', '34', '40', '41', '42', '43'] },
    });
    expect(res.statusCode).toBe(200);
    const after = await latest(a);
    expect(after).toMatchObject({
      status: 'done',
      numbers: ['05', '12', '34', '40', '41', '42', '43'],
    });
    // The feed keeps saying otherwise: the operator's choice stands.
    await new Promise((r) => setTimeout(r, 500));
    expect((await latest(a)).numbers[2]).toBe('34');
    expect((await a.repos.audit.list({ action: 'draws.settle', limit: 5 })).length).toBe(1);
  });

  it("publishes a backup's result only once the primary is graceS late", async () => {
    const primary = await feed([...HISTORY]);
    const backup = await feed([next('05,12,33,40,41,42,43'), ...HISTORY]);
    const { app: a } = await app(DRAW + 1_000);
    expect((await setSources(a, [primary, backup], 10)).statusCode).toBe(200);
    await waitFor(
      async () => (await a.repos.draws.get(110, '2026219'))?.status === 'done',
      20_000,
      'the fill',
    );
    const early = await a.repos.draws.get(110, ISSUE);
    expect(a.draws.clock() - DRAW).toBeLessThan(10_000);
    expect(early?.numbers ?? []).toEqual([]);
    const took = await waitFor(
      async () => {
        const x = await a.repos.draws.get(110, ISSUE);
        return x?.status === 'done' ? x : undefined;
      },
      20_000,
      "the backup's result",
    );
    expect(a.draws.clock() - DRAW).toBeGreaterThanOrEqual(10_000);
    expect(took.numbers).toEqual(['05', '12', '33', '40', '41', '42', '43']);
  });

  it('is polled by the engine lease holder only, and by the other instance once it is gone', async () => {
    const f = await feed([...HISTORY]);
    const first = await app(DRAW - 60_000, undefined, 'instance-a');
    const second = await app(DRAW - 60_000, first.env, 'instance-b');
    expect((await setSources(first.app, [f])).statusCode).toBe(200);
    const pollers = new Set<string>();
    const until = Date.now() + 3_000;
    while (Date.now() < until) {
      const [s] = await first.app.repos.feeds.states(110);
      if (s) pollers.add(s.polledBy);
      await new Promise((r) => setTimeout(r, 50));
    }
    const leader = first.app.drawEngine?.leader ? 'instance-a' : 'instance-b';
    expect([...pollers]).toEqual([leader]);
    expect(first.app.drawEngine?.leader).not.toBe(second.app.drawEngine?.leader);
    const survivor = leader === 'instance-a' ? second.app : first.app;
    await (leader === 'instance-a' ? first.app : second.app).close();
    await waitFor(
      async () => {
        const [s] = await survivor.repos.feeds.states(110);
        return s && s.polledBy !== leader;
      },
      20_000,
      'the other instance to poll',
    );
  });
});
