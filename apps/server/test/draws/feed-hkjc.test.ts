// The hkjc feed against a loopback stand-in of the Jockey Club's results service, answering with
// draws recorded from its own data: switching from the simulator, the fill, ball by ball, the
// prize record, the next draw's estimate, a correction, a late draw and every fault we know of.
import type { DrawSnapshot, FeedOverview } from '@kaijiang/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import {
  HKJC_RECORDED,
  hkjcStandIn,
  hkjcUpcoming,
  type FaultMode,
  type HkjcStandIn,
} from '../helpers/feed-standins.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const TOKEN = 'Hk7-feedTest-9sQ2Lx_Vb3RtY8wZ5nP1mK4jH6';
const auth = { authorization: `Bearer ${TOKEN}` };
/** Draw 26/086: Saturday 8 August 2026, 21:30 in Hong Kong. */
const DRAW_086 = Date.parse('2026-08-08T13:30:00Z');
const [D086, D085] = HKJC_RECORDED as [(typeof HKJC_RECORDED)[0], (typeof HKJC_RECORDED)[0]];

describe('hkjc feed', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  async function start(at: number, standIn: HkjcStandIn, graceS?: number, lateS?: number) {
    const env: TestEnv = await createTestEnv();
    const app = await buildTestApp(
      env,
      { drawEngine: true, drawUpstreamPollMs: 50, drawBallIntervalMs: 20, adminToken: TOKEN },
      { draws: { clock: clockFrom(at) } },
    );
    cleanups.push(async () => {
      await app.close();
      await env.cleanup();
    });
    const put = await setSources(app, [{ kind: 'hkjc', url: standIn.url }], graceS, lateS);
    expect(put.statusCode).toBe(200);
    return { app, removed: put.json().data.removed as number };
  }
  const setSources = (app: FastifyInstance, sources: object[], graceS?: number, lateS?: number) =>
    app.inject({
      method: 'PUT',
      url: '/app-api/admin/games/111/sources',
      headers: auth,
      payload: {
        sources,
        ...(graceS !== undefined && { graceS }),
        ...(lateS !== undefined && { lateS }),
      },
    });
  const overview = async (app: FastifyInstance) =>
    (await app.inject({ url: '/app-api/admin/games/111/sources', headers: auth })).json()
      .data as FeedOverview;
  const latest = async (app: FastifyInstance) =>
    (await app.inject('/app-api/api/v2/draws/latest?gameId=111')).json().data;

  it('replaces the simulated draws with the feed, gaps included, then takes the next draw with its prizes', async () => {
    const feed = await hkjcStandIn(HKJC_RECORDED.slice(1), hkjcUpcoming(D086, '18000000'));
    cleanups.push(() => feed.close());
    const env = await createTestEnv();
    // The simulator first: demo draws of its own.
    const sim = await buildTestApp(
      env,
      { drawEngine: true, drawUpstreamPollMs: 50, drawBallIntervalMs: 20, adminToken: TOKEN },
      { draws: { clock: clockFrom(DRAW_086 - 15_000) } },
    );
    cleanups.push(async () => {
      await sim.close();
      await env.cleanup();
    });
    await waitFor(
      async () => (await sim.repos.draws.newest(111))?.source === 'simulator',
      20_000,
      'simulated draws',
    );
    const frames: DrawSnapshot[] = [];
    sim.liveHub.subscribe(111, (s) => s.issue === '2026086' && frames.push(s));

    const put = await setSources(sim, [{ kind: 'hkjc', url: feed.url }]);
    expect(put.statusCode).toBe(200);
    expect(put.json().data.removed).toBeGreaterThan(0);
    sim.drawEngine?.poke(111);

    // Every recorded draw up to 085 comes in, 18 July's missing draw (no draw that day) and all.
    const d075 = await waitFor(() => sim.repos.draws.get(111, '2026075'), 20_000, 'the fill');
    expect(d075).toMatchObject({
      status: 'done',
      source: 'hkjc',
      numbers: ['02', '05', '07', '11', '41', '46', '43'],
    });
    await waitFor(
      async () => (await sim.repos.draws.get(111, '2026085'))?.status === 'done',
      10_000,
      'draw 085',
    );
    const page = await sim.inject('/app-api/api/v2/draws/history?gameId=111&pageSize=50');
    const items = page.json().data.items as { issue: string; source: string }[];
    expect(items.map((d) => d.issue)).toEqual(
      HKJC_RECORDED.slice(1).map((d) => `${d.year}${String(d.no).padStart(3, '0')}`),
    );
    expect(new Set(items.map((d) => d.source))).toEqual(new Set(['hkjc']));
    // The prize record in our terms: units to a tenth, dividends per unit, the snowball's name.
    const p078 = await sim.repos.prizes.get(111, '2026078');
    expect(p078?.snowball).toBe('暑期金多寶');
    const p085 = await sim.repos.prizes.get(111, '2026085');
    const rec085 = D085.lotteryPool.lotteryPrizes as {
      type: number;
      winningUnit: number;
      dividend: string;
    }[];
    expect(p085?.divisions.map((d) => d.winners)).toEqual(
      rec085.map((p) => Math.round(p.winningUnit) / 10),
    );
    expect(p085?.turnover).toBe(Number(D085.lotteryPool.totalInvestment));

    // Before the draw: the estimated first prize and when sales close.
    const before = await waitFor(
      async () => (await latest(sim)).upcoming,
      10_000,
      'the upcoming draw',
    );
    expect(before).toEqual({
      issue: '2026086',
      estimatedPrize: 18_000_000,
      salesCloseAt: '2026-08-08T13:15:00.000Z',
    });

    // The draw is published: whole, taken ball by ball for the live screens.
    await waitFor(
      async () => (await sim.repos.draws.get(111, '2026086'))?.status === 'waiting',
      20_000,
      'the predicted draw',
    );
    feed.published = [...HKJC_RECORDED];
    feed.next = null;
    const d086 = await waitFor(
      async () => {
        const d = await sim.repos.draws.get(111, '2026086');
        return d?.status === 'done' ? d : undefined;
      },
      10_000,
      'draw 086',
    );
    expect(d086.numbers).toEqual(['01', '03', '07', '31', '32', '49', '47']);
    expect(frames.map((f) => f.numbers.length).filter((n) => n > 0)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await latest(sim)).prizes.divisions[0]).toEqual({
      division: 1,
      winners: 0.5,
      dividend: 8_000_000,
    });
    expect((await latest(sim)).upcoming).toBeUndefined();
    const o = await overview(sim);
    expect(o.states[0]).toMatchObject({ kind: 'hkjc', failures: 0, lastError: null });
    expect(o.states[0]!.lag.count).toBeGreaterThanOrEqual(1);
    expect(o.states[0]!.lag.medianS).toBeGreaterThanOrEqual(0);
  });

  it('keeps serving through outages, slow answers, garbage, oversize answers and a feed that stops', async () => {
    const feed = await hkjcStandIn(HKJC_RECORDED, null);
    cleanups.push(() => feed.close());
    const { app } = await start(DRAW_086 + 60_000, feed);
    await waitFor(
      async () => (await app.repos.draws.get(111, '2026086'))?.status === 'done',
      20_000,
      'draw 086',
    );
    const stored = JSON.stringify(await app.repos.draws.pageDone(111, { limit: 20 }));
    const errors: Record<string, string | null> = {};
    for (const mode of ['error', 'garbage', 'shape', 'hang', 'slow', 'oversize'] as FaultMode[]) {
      feed.mode = mode;
      feed.hits.length = 0;
      const state = await waitFor(
        async () => {
          const s = (await overview(app)).states[0];
          return feed.hits.includes(mode) && s?.lastError && s.failures > 0 ? s : undefined;
        },
        20_000,
        `a ${mode} answer`,
      );
      errors[mode] = state.lastError;
      // Nothing of it reaches a visitor; the game serves what it has.
      expect((await latest(app)).issue).toBe('2026086');
      feed.mode = 'ok';
      await waitFor(
        async () => (await overview(app)).states[0]?.failures === 0,
        60_000,
        'recovery',
      );
    }
    await feed.stop();
    const stopped = await waitFor(
      async () => {
        const s = (await overview(app)).states[0];
        return s && s.failures >= 3 ? s : undefined;
      },
      30_000,
      'a stopped feed',
    );
    errors.stopped = stopped.lastError;
    expect((await overview(app)).alerts.some((a) => a.text.includes('连续'))).toBe(true);
    expect((await latest(app)).issue).toBe('2026086');
    expect(JSON.stringify(await app.repos.draws.pageDone(111, { limit: 20 }))).toBe(stored);
    await feed.resume();
    await waitFor(
      async () => (await overview(app)).states[0]?.failures === 0,
      60_000,
      'the feed back',
    );
    console.info('hkjc faults:', JSON.stringify(errors));
    expect(errors).toMatchObject({
      error: 'HTTP 503',
      garbage: 'not JSON',
      shape: 'an answer of another shape',
      oversize: expect.stringMatching(/over \d+ bytes/),
      stopped: 'unreachable',
    });
    expect(errors.hang).toMatch(/in time|too slow/);
    expect(errors.slow).toMatch(/in time|too slow/);
  }, 240_000);

  it('leaves a published result alone when the feed corrects it: an operator settles it', async () => {
    const feed = await hkjcStandIn(HKJC_RECORDED, null);
    cleanups.push(() => feed.close());
    const { app } = await start(DRAW_086 + 60_000, feed);
    await waitFor(
      async () => (await app.repos.draws.get(111, '2026086'))?.status === 'done',
      20_000,
      'draw 086',
    );
    feed.published = [
      { ...D086, drawResult: { drawnNo: [1, 3, 7, 31, 32, 48], xDrawnNo: 47 } },
      ...HKJC_RECORDED.slice(1),
    ];
    const o = await waitFor(
      async () => {
        const x = await overview(app);
        return x.disputes.length > 0 ? x : undefined;
      },
      10_000,
      'the dispute',
    );
    expect(o.disputes[0]!.candidates.map((c) => c.numbers.join(','))).toEqual([
      '01,03,07,31,32,49,47',
      '01,03,07,31,32,48,47',
    ]);
    expect((await app.repos.draws.get(111, '2026086'))?.numbers.at(5)).toBe('49');
    const settle = await app.inject({
      method: 'POST',
      url: '/app-api/admin/draws/111/2026086/settle',
      headers: auth,
      payload: { numbers: ['01', '03', '07', '31', '32', '48', '47'] },
    });
    expect(settle.statusCode).toBe(200);
    expect((await app.repos.draws.get(111, '2026086'))?.numbers.at(5)).toBe('48');
    expect((await overview(app)).disputes).toEqual([]);
    const audit = await app.repos.audit.list({ action: 'draws.settle', limit: 5 });
    expect(JSON.parse(audit[0]!.before!)).toMatchObject({
      numbers: ['01', '03', '07', '31', '32', '49', '47'],
    });
  });

  it(
    'shows a draw without a result lateS after its time as delayed, then takes it',
    { timeout: 60_000 },
    async () => {
      const feed = await hkjcStandIn(HKJC_RECORDED.slice(1), null);
      cleanups.push(() => feed.close());
      const { app } = await start(DRAW_086 + 8_000, feed, 60, 10);
      const frames: DrawSnapshot[] = [];
      app.liveHub.subscribe(111, (s) => frames.push(s));
      await waitFor(
        async () => (await latest(app)).status === 'delayed',
        20_000,
        'the delayed state',
      );
      expect((await latest(app)).issue).toBe('2026086');
      // The latest answer shows the due draw as delayed at once (services/draws/service.ts dueDraw); the
      // frame follows when the feed's step has stored the draw and announced it.
      await waitFor(
        () => frames.some((f) => f.issue === '2026086' && f.status === 'delayed'),
        10_000,
        'the delayed frame',
      );
      expect((await overview(app)).alerts.some((a) => a.text.includes('开奖延迟'))).toBe(true);
      feed.published = [...HKJC_RECORDED];
      await waitFor(async () => (await latest(app)).status === 'done', 10_000, 'the late result');
    },
  );
});
