// The first start of the embedded default: the real Hong Kong history loads in the background
// while the server already answers, and the simulator carries game 111 on after its last draw.
import type { AddressInfo } from 'node:net';
import { previousDrawAt } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';
import type { FastifyInstance } from 'fastify';

const NOW = Date.parse('2026-11-28T11:00:00Z');

describe('real history on first start', () => {
  let env: TestEnv;
  let app: FastifyInstance;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(async () => {
    await app?.close();
    await env.cleanup();
  });

  it('serves at once, loads 1993–2026 within 10 s, then simulates on from 2026/087', async () => {
    const started = performance.now();
    app = await buildTestApp(
      env,
      { realHistory: true, drawEngine: true, drawBallIntervalMs: 50 },
      { draws: { clock: clockFrom(NOW) } },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    interface Answer {
      code: string;
      data: {
        total: number;
        years: number[];
        source?: string;
        items: { issue: string; source: string; drawAt: string }[];
      };
    }
    const get = async (path: string) => (await (await fetch(`${base}${path}`)).json()) as Answer;

    // The real server answers while the history is still going in.
    const t0 = performance.now();
    const early = await get('/app-api/api/v2/draws/history?gameId=111&pageSize=1');
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(early.code).toBe('OK');
    expect(early.data.total).toBeLessThan(4374);

    let total = 0;
    while (performance.now() - started < 10_000) {
      total = (await get('/app-api/api/v2/draws/history?gameId=111&year=1993&pageSize=1')).data
        .total;
      const last = await get('/app-api/api/v2/draws/latest?gameId=111');
      if (total === 101 && last.data.source === 'simulator') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(total).toBe(101);
    const page = (n: number) =>
      get(`/app-api/api/v2/draws/history?gameId=111&year=2026&pageSize=100&page=${n}`);
    const history = await page(1);
    const items = [...history.data.items, ...(await page(2)).data.items];
    const real = items.filter((d) => d.source === 'import');
    const simulated = items.filter((d) => d.source === 'simulator');
    expect(real).toHaveLength(86);
    expect(real[0]!.issue).toBe('2026086');
    // Numbered on from the last real draw, one after the other, up to the one due last.
    const issues = simulated.map((d) => d.issue).reverse();
    expect(issues[0]).toBe('2026087');
    issues.forEach((issue, i) => expect(issue).toBe(String(2026087 + i)));
    const due = previousDrawAt((await app.draws.game(111))!, new Date(NOW)).toISOString();
    expect(simulated[0]!.drawAt).toBe(due);
    expect(history.data.years).toContain(1993);
  }, 30_000);
});
