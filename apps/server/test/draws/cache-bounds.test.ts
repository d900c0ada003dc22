// Every cache keyed by what a visitor sends stays bounded, however many distinct keys arrive.
import { COMMAND } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DERIVED_CACHE_MAX, HISTORY_PAGES_MAX } from '../../src/services/draws/service.ts';
import { connect, wsUrl } from '../helpers/live.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

describe('caches keyed by client input', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Hundreds of pages from one client: the read quotas are not what this measures.
    t = await createTestApp({ demoHistoryDays: 2, readLimitExempt: ['127.0.0.1'] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('live history (69) of unknown games keeps no entry', async () => {
    const c = await connect(wsUrl(t.app));
    // Over the socket, as an attacker would (the message rate caps a socket's burst).
    for (let i = 0; i < 8; i++) {
      c.send({ id: `h${i}`, command: COMMAND.HISTORY, content: { gameId: 500_000 + i, limit: 5 } });
      const f = await c.next((x) => x.id === `h${i}`);
      expect(f.command).toBe(COMMAND.REFUSED);
    }
    await c.close();
    // And straight at the service, at the scale of the reported flood.
    for (let id = 1_000_000; id < 1_020_000; id++) {
      expect(await t.app.draws.recent(id, 5)).toEqual([]);
      expect(await t.app.draws.snapshot(id)).toBeNull();
    }
    const sizes = t.app.draws.cacheSizes();
    expect(sizes.recent).toBe(0);
    expect(sizes.current).toBe(0);
  });

  it('known games still answer history from the cache', async () => {
    expect((await t.app.draws.recent(110, 3)).length).toBeGreaterThan(0);
    expect(await t.app.draws.recent(120, 3)).toHaveLength(3);
    expect(t.app.draws.cacheSizes().recent).toBe(2);
  });

  it('stats windows and history years are an LRU of bounded size', async () => {
    // Game 110 has a draw or two here: each answer is cheap, the keys are what count.
    for (const scope of ['all', 'special'] as const) {
      for (let window = 1; window <= 1000; window++) await t.app.draws.stats(110, window, scope);
    }
    for (let year = 1900; year < 3000; year++) {
      await t.app.draws.history(110, { year, page: 1, pageSize: 1 });
    }
    expect(t.app.draws.cacheSizes().derived).toBe(DERIVED_CACHE_MAX);
    // The newest entries are the ones kept.
    const res = await t.app.inject({
      url: '/app-api/api/v2/draws/history?gameId=110&year=2999&pageSize=1',
    });
    expect(res.json()).toMatchObject({ data: { total: 0 } });
  });

  it('history pages kept as ready bytes are an LRU of their own', async () => {
    const url = (page: number) =>
      `/app-api/api/v2/draws/history?gameId=120&pageSize=1&page=${page}`;
    const before = t.app.draws.cacheSizes();
    for (let page = 1; page <= HISTORY_PAGES_MAX + 300; page++) {
      expect((await t.app.inject(url(page))).statusCode).toBe(200);
    }
    const after = t.app.draws.cacheSizes();
    expect(after.historyPages).toBe(HISTORY_PAGES_MAX);
    // A crawl through pages pushes out pages, not the stats answers and counts kept beside them.
    expect(after.derived).toBe(before.derived);
  });

  it('static data files of unknown companies are not kept', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `company/x${i}.json`);
    await Promise.all(names.map((n) => t.app.staticFiles.get(n)));
    await Promise.all(names.map((_, i) => t.app.staticFiles.get(`company/y${i}/notice_list.json`)));
    expect(t.app.staticFiles.size()).toBeLessThanOrEqual(2);
  });
});
