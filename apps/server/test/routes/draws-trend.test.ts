// GET /draws/trend (docs/architecture.md §11) against the stored history read back through the history call,
// with omissions counted by looking back draw by draw; a draw that finishes later shows up.
import type { DrawDetail, DrawTrend } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/services/draws/clock.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const V2 = '/app-api/api/v2/draws';
const TOKEN = 'Vq3-Lr8sXk2PmZ7tWc5Nb9Hd4Jf6Gy1Ra0Ue';
const auth = { authorization: `Bearer ${TOKEN}` };
// 21:40 in Macau on 1 March 2026, 70 days of history: it spans the lunar new year (17 Feb).
const NOW = Date.parse('2026-03-01T13:40:00Z');

/** What a draw hits in a kind, from the attributes the history call gives every ball. */
const hitsOf: Record<string, (d: DrawDetail) => string[]> = {
  special: (d) => [d.numbers[6]!],
  regular: (d) => d.numbers.slice(0, 6).sort(),
  'position-3': (d) => [d.numbers[2]!],
  'special-zodiac': (d) => [d.balls[6]!.zodiacZh],
  'special-element': (d) => [d.balls[6]!.elementZh],
  'special-size-parity': (d) => [d.balls[6]!.sizeZh + d.balls[6]!.parityZh],
  'sum-size-parity': (d) => [
    `总${d.sum!.sizeZh.replace('总', '')}${d.sum!.parityZh.replace('总', '')}`,
  ],
};

describe('trend charts', () => {
  let t: TestApp;
  let history: DrawDetail[];
  beforeAll(async () => {
    t = await createTestApp(
      { adminToken: TOKEN, demoHistoryDays: 70 },
      { draws: { clock: clockFrom(NOW), demoSyncDays: 70 } },
    );
    const res = await t.app.inject(`${V2}/history?gameId=110&pageSize=100`);
    history = (res.json().data.items as DrawDetail[]).reverse();
  });
  afterAll(() => t.close());

  const trend = async (q: string) => {
    const res = await t.app.inject(`${V2}/trend?${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as DrawTrend;
  };

  it('counts omissions over the whole history and stats over the rows shown', async () => {
    expect(history.length).toBeGreaterThan(60);
    expect(new Set(history.map((d) => d.lunarYear))).toEqual(new Set([2025, 2026]));
    for (const [kind, hit] of Object.entries(hitsOf)) {
      const chart = await trend(`gameId=110&kind=${kind}&limit=30`);
      const hits = history.map(hit);
      const from = history.length - 30;
      expect(
        chart.rows.map((r) => r.issue),
        kind,
      ).toEqual(history.slice(from).map((d) => d.issue));
      chart.rows.forEach((row, k) => {
        const i = from + k;
        expect(row.hits, kind).toEqual(hits[i]);
        chart.columns.forEach((column, c) => {
          let back = 0;
          while (back <= i && !hits[i - back]!.includes(column)) back++;
          expect(row.cells[c], `${kind} ${row.issue} ${column}`).toBe(back);
        });
      });
      const appear = chart.columns.map((_, c) => chart.rows.filter((r) => r.cells[c] === 0).length);
      expect(chart.stats.appear).toEqual(appear);
      expect(chart.stats.avgMiss).toEqual(appear.map((a) => Math.round((30 - a) / (a + 1))));
      expect(chart.stats.maxMiss).toEqual(
        chart.columns.map((_, c) => Math.max(...chart.rows.map((r) => r.cells[c]!))),
      );
    }
  });

  it('defaults to the special number and 100 rows, and refuses what it does not know', async () => {
    const chart = await trend('gameId=111');
    expect(chart.kind).toBe('special');
    expect(chart.columns).toHaveLength(49);
    expect(chart.rows.length).toBeLessThanOrEqual(100);
    for (const q of ['gameId=110&kind=colour', 'gameId=110&limit=29', 'gameId=110&limit=501']) {
      const res = await t.app.inject(`${V2}/trend?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('REQ/INVALID');
    }
    expect((await t.app.inject(`${V2}/trend?gameId=999`)).statusCode).toBe(404);
  });

  it('shows a draw that finishes afterwards as the newest row', async () => {
    const before = await trend('gameId=110&kind=special&limit=30');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/app-api/admin/games/110/source',
      headers: auth,
      payload: { source: 'manual' },
    });
    expect(put.statusCode).toBe(200);
    for (const number of ['03', '14', '25', '36', '47', '08', '19']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/app-api/admin/draws/110/balls',
        headers: auth,
        payload: { number },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const after = await trend('gameId=110&kind=special&limit=30');
    const newest = after.rows.at(-1)!;
    expect(newest.issue).not.toBe(before.rows.at(-1)!.issue);
    expect(newest.hits).toEqual(['19']);
    expect(after.rows.slice(0, -1)).toEqual(before.rows.slice(1));
    // Its omissions follow on from the row before.
    after.columns.forEach((column, c) => {
      const was = after.rows.at(-2)!.cells[c]!;
      expect(newest.cells[c], column).toBe(column === '19' ? 0 : was + 1);
    });
  });
});
