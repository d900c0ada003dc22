// A search is refused from an index count before a draw is read when its range is too large,
// and what the searches leave in memory stays within the caches' bounds of bytes and entries,
// however many distinct searches arrive (SQLite here, PostgreSQL through with-postgres.sh).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_CACHE_BYTES,
  SEARCH_CACHE_MAX,
  SEARCH_MAX_ROWS,
} from '../../src/services/draws/service.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { waitFor } from './draw-helpers.ts';

const V2 = '/app-api/api/v2/draws';
// 400 days of the 5-minute game 120: more draws than one search may look at.
const DAYS = 400;
const day = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);

describe('search bounds', () => {
  let t: TestApp;
  let chunks = 0;
  let counts = 0;

  beforeAll(async () => {
    // Hundreds of searches from one client: the read quotas are not what this measures.
    t = await createTestApp({ demoHistoryDays: DAYS, readLimitExempt: ['127.0.0.1'] });
    // The older days are written in the background after start-up: wait for all of them.
    await waitFor(
      async () => (await t.app.repos.meta.get('seed.demo.draws.120')) === 'done',
      280_000,
      'demo history of game 120',
    );
    const repo = t.app.repos.draws;
    const chunkDone = repo.chunkDone.bind(repo);
    repo.chunkDone = (...args) => {
      chunks++;
      return chunkDone(...args);
    };
    const countUpTo = repo.countDoneUpTo.bind(repo);
    repo.countDoneUpTo = (...args) => {
      counts++;
      return countUpTo(...args);
    };
  }, 300_000);
  afterAll(() => t?.close());

  it('counts on the index only up to the cap', async () => {
    const all = await t.app.repos.draws.countDone(120);
    expect(all).toBeGreaterThan(SEARCH_MAX_ROWS + 1);
    const capped = await t.app.repos.draws.countDoneUpTo(120, { cap: SEARCH_MAX_ROWS });
    expect(capped).toBe(SEARCH_MAX_ROWS + 1);
    const since = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const until = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const some = await t.app.repos.draws.countDoneUpTo(120, { since, until, cap: 100_000 });
    expect(some).toBeGreaterThan(1_400);
    expect(some).toBeLessThan(1_500);
  });

  it('refuses a range over the cap before reading a single draw, in Chinese', async () => {
    for (const url of [
      `${V2}/search?gameId=120&pageSize=1`,
      `${V2}/search?gameId=120&numbers=07&from=${day(DAYS)}&to=${day(0)}`,
      `${V2}/search.csv?gameId=120`,
    ]) {
      chunks = 0;
      counts = 0;
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'REQ/INVALID',
        msg: '查询范围过大，请缩小日期范围',
        data: { from: `一次最多查询 ${SEARCH_MAX_ROWS} 期` },
      });
      expect(counts, url).toBe(1);
      expect(chunks, url).toBe(0);
    }
    // A year fits, and is read.
    const year = await t.app.inject(`${V2}/search?gameId=120&from=${day(364)}&to=${day(0)}`);
    expect(year.statusCode, year.body).toBe(200);
    expect(year.json().data.scanned).toBeGreaterThan(100_000);
    expect(chunks).toBeGreaterThan(0);
  });

  it('keeps where the matches are, not the matches, within bytes and entries', async () => {
    // A year-long search (~105,000 draws, ~20 MB of them) adds tens of KB.
    const before = t.app.draws.cacheBytes().searches;
    const year = await t.app.inject(`${V2}/search?gameId=120&from=${day(370)}&to=${day(3)}`);
    expect(year.statusCode).toBe(200);
    const added = t.app.draws.cacheBytes().searches - before;
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThan(100_000);
    // Distinct searches with changing dates, as the reported attack sent them.
    for (let i = 0; i < SEARCH_CACHE_MAX + 60; i++) {
      const res = await t.app.inject(
        `${V2}/search?gameId=120&from=${day(20 + (i % 300))}&to=${day(i % 300)}&pageSize=1`,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(t.app.draws.cacheSizes().searches).toBeLessThanOrEqual(SEARCH_CACHE_MAX);
      expect(t.app.draws.cacheBytes().searches).toBeLessThanOrEqual(SEARCH_CACHE_BYTES);
    }
    expect(t.app.draws.cacheSizes().searches).toBe(SEARCH_CACHE_MAX);
  }, 300_000);
});
