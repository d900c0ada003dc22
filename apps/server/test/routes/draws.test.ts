import { ballInfo, lunarYearOf, type LatestDraw } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { LIVE_CACHE, SETTLED_CACHE } from '../../src/lib/cache-control.ts';

const V2 = '/app-api/api/v2/draws';
// 20 January 2026: 70 days of demo history span two calendar years and one lunar year (乙巳).
const NOW = Date.parse('2026-01-20T12:00:00Z');

describe('public draw API', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject(url);
  beforeAll(async () => {
    t = await createTestApp(
      { demoHistoryDays: 70 },
      { draws: { clock: clockFrom(NOW), demoSyncDays: 70 } },
    );
  });
  afterAll(() => t.close());

  it('gives the latest draw of every home game with next draw and server time', async () => {
    const res = await get(`${V2}/latest`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(LIVE_CACHE);
    const data = res.json().data as LatestDraw[];
    expect(data.map((d) => d.gameId)).toEqual([110, 111, 120]);
    for (const d of data) {
      expect(d.status).toBe('done');
      expect(Date.parse(d.nextDrawAt)).toBeGreaterThan(Date.parse(d.serverTime));
      expect(Date.parse(d.drawAt)).toBeLessThanOrEqual(Date.parse(d.serverTime));
    }
  });

  it('describes every ball in the lunar year of its draw, plus the sum', async () => {
    const d = (await get(`${V2}/latest?gameId=110`)).json().data as LatestDraw;
    expect(d.lunarYear).toBe(2025);
    expect(d.lunarYear).toBe(lunarYearOf(new Date(d.drawAt)));
    expect(d.balls.map((b) => b.number)).toEqual(d.numbers);
    for (const b of d.balls) {
      const info = ballInfo(b.number, 2025);
      expect(b).toEqual({
        number: info.number,
        colour: info.colour,
        colourZh: info.colourZh,
        zodiac: info.zodiac,
        zodiacZh: info.zodiacZh,
        element: info.element,
        elementZh: info.elementZh,
        size: info.size,
        sizeZh: info.sizeZh,
        parity: info.parity,
        parityZh: info.parityZh,
      });
    }
    const sum = d.numbers.reduce((a, n) => a + Number(n), 0);
    expect(d.sum).toMatchObject({ sum, size: sum >= 175 ? 'big' : 'small' });
    expect(d.nextIssue).toBe('2026020');
  });

  it('refuses unknown games and malformed parameters with the envelope', async () => {
    const missing = await get(`${V2}/latest?gameId=999`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', data: null });
    const bad = await get(`${V2}/latest?gameId=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'REQ/INVALID', data: { gameId: expect.any(String) } });
    expect((await get(`${V2}/history?gameId=999`)).statusCode).toBe(404);
    expect((await get(`${V2}/history`)).json().code).toBe('REQ/INVALID');
    expect((await get(`${V2}/history?gameId=110&pageSize=101`)).json().data).toHaveProperty(
      'pageSize',
    );
    expect((await get(`${V2}/stats?gameId=110&window=1001`)).statusCode).toBe(400);
    expect((await get(`${V2}/stats?gameId=110&scope=nope`)).statusCode).toBe(400);
    expect((await get(`${V2}/110/bad%20issue`)).statusCode).toBe(400);
  });

  it('pages history newest first, by year, with the years that exist', async () => {
    const res = await get(`${V2}/history?gameId=110&pageSize=10`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    // 70 days back; the draw due last (19 January) is left to the engine, which is off here.
    expect(page).toMatchObject({ page: 1, pageSize: 10, total: 69, years: [2026, 2025] });
    expect(page.items).toHaveLength(10);
    const times = page.items.map((d: { drawAt: string }) => d.drawAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(page.items[0].balls).toHaveLength(7);
    expect(page.items[0].sum.sum).toBeGreaterThan(27);

    const second = (await get(`${V2}/history?gameId=110&pageSize=10&page=2`)).json().data;
    expect(second.items[0].drawAt < times.at(-1)).toBe(true);

    const y2025 = await get(`${V2}/history?gameId=110&year=2025&pageSize=100`);
    expect(y2025.headers['cache-control']).toBe(SETTLED_CACHE);
    const items = y2025.json().data.items as { issue: string }[];
    expect(y2025.json().data.total).toBe(items.length);
    expect(items.every((d) => d.issue.startsWith('2025'))).toBe(true);
    expect(items.length + 18).toBe(69);
    const past = await get(`${V2}/history?gameId=110&year=2024`);
    expect(past.json().data).toMatchObject({ items: [], total: 0 });
  });

  it('finds one draw by issue', async () => {
    const latest = (await get(`${V2}/latest?gameId=120`)).json().data as LatestDraw;
    const res = await get(`${V2}/120/${latest.issue}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(SETTLED_CACHE);
    expect(res.json().data).toMatchObject({
      gameId: 120,
      issue: latest.issue,
      numbers: latest.numbers,
      balls: latest.balls,
    });
    const none = await get(`${V2}/120/202001010001`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('NOT_FOUND');
  });

  it('computes statistics over the last N draws and refreshes them when a draw finishes', async () => {
    const res = await get(`${V2}/stats?gameId=120&window=50`);
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    expect(s).toMatchObject({ gameId: 120, window: 50, scope: 'all' });
    const total = (o: Record<string, number>) => Object.values(o).reduce((a, b) => a + b, 0);
    expect(total(s.frequency)).toBe(350);
    for (const attr of ['colour', 'zodiac', 'element', 'size', 'parity']) {
      expect(total(s.distributions[attr])).toBe(350);
    }
    expect(Object.keys(s.distributions.zodiac).length).toBeLessThanOrEqual(12);
    const latest = (await get(`${V2}/latest?gameId=120`)).json().data as LatestDraw;
    expect(s.to).toBe(latest.issue);
    for (const n of latest.numbers) expect(s.missing[n]).toBe(0);
    expect(s.hot[0].count).toBeGreaterThanOrEqual(s.hot[9].count);
    expect(s.cold[0].count).toBeLessThanOrEqual(s.hot[0].count);

    const special = (await get(`${V2}/stats?gameId=120&window=50&scope=special`)).json().data;
    expect(total(special.frequency)).toBe(50);

    // A new finished draw is in the next answer: the cache follows the draws.
    const draw = {
      gameId: 120,
      issue: '202601202001',
      drawAt: new Date(NOW + 1000).toISOString(),
      year: 2026,
      status: 'done' as const,
      numbers: ['49', '48', '47', '46', '45', '44', '43'],
    };
    await t.app.repos.draws.insert(draw);
    await t.app.draws.changed(draw);
    const after = (await get(`${V2}/stats?gameId=120&window=50`)).json().data;
    expect(after.to).toBe('202601202001');
    expect(after.missing['49']).toBe(0);
    expect((await get(`${V2}/latest?gameId=120`)).json().data.issue).toBe('202601202001');
  });

  it('exports CSV that names the columns and downloads as a file', async () => {
    const res = await get(`${V2}/export.csv?gameId=110&year=2025`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="kaijiang-110-2025.csv"');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('issue,date,n1,n2,n3,n4,n5,n6,special');
    expect(lines).toHaveLength(52);
    expect(lines[1]).toMatch(/^2025\d{3},2025-\d\d-\d\dT13:32:00\.000Z(,\d\d){7}$/);
    const all = await get(`${V2}/export.csv?gameId=110`);
    expect(all.body.trim().split('\n')).toHaveLength(70);
    expect((await get(`${V2}/export.csv?gameId=4242`)).statusCode).toBe(404);
  });

  it('documents the draw calls in OpenAPI under the draws tag', async () => {
    const doc = (await get('/app-api/docs/json')).json();
    for (const p of ['latest', 'history', 'stats', 'export.csv', '{gameId}/{issue}']) {
      expect(doc.paths[`${V2}/${p}`]?.get?.tags, p).toEqual(['draws']);
    }
  });
});
