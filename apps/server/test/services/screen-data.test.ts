import fs from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_KEYS } from '@kaijiang/domain';
import type { DrawHistoryPage, GalleryPage, NewsPage } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clockFrom } from '../../src/draws/clock.ts';
import { screenData } from '../../src/services/screen-data.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const V2 = '/app-api/api/v2';
// 20 January 2026: 70 days of demo history span two calendar years.
const NOW = Date.parse('2026-01-20T12:00:00Z');

describe('screen data inlined into a server-rendered page', () => {
  let t: TestApp;
  /** What the API answers to the call named `key` (the key is its URL under the v2 base). */
  const api = async <T>(key: string): Promise<T> => {
    const res = await t.app.inject(`${V2}/${key}`);
    expect(res.statusCode, key).toBe(200);
    return (res.json() as { data: T }).data;
  };
  /** screenData of `url` must be exactly `key` with the API's own answer to it. */
  const expectAnswer = async (url: string, key: string) => {
    const data = await screenData(t.app, url);
    expect(Object.keys(data), url).toEqual([key]);
    expect(data[key], url).toEqual(await api(key));
    return data[key];
  };

  beforeAll(async () => {
    t = await createTestApp(
      { demoHistoryDays: 70 },
      { draws: { clock: clockFrom(NOW), demoSyncDays: 70 } },
    );
  });
  afterAll(() => t.close());

  it('answers /news with the first page the news screen asks for, by category', async () => {
    const all = (await expectAnswer('/news', 'news?page=1&pageSize=10')) as NewsPage;
    expect(all.items).toHaveLength(10);
    const guide = (await expectAnswer(
      '/news?category=guide',
      'news?category=guide&page=1&pageSize=10',
    )) as NewsPage;
    expect(guide.items.every((n) => n.category === 'guide')).toBe(true);
    // A category the screen does not know shows (and asks for) every category.
    await expectAnswer('/news?category=gossip&page=3', 'news?page=1&pageSize=10');
  });

  it('answers /gallery for the game in the address, else the first home game', async () => {
    const first = (await expectAnswer(
      '/gallery',
      'galleries?gameId=110&page=1&pageSize=12',
    )) as GalleryPage;
    expect(first.items.length).toBeGreaterThan(0);
    await expectAnswer('/gallery?game=111', 'galleries?gameId=111&page=1&pageSize=12');
    await expectAnswer('/gallery?game=999', 'galleries?gameId=110&page=1&pageSize=12');
  });

  it('answers /lottery-history for the game and year in the address', async () => {
    const all = (await expectAnswer(
      '/lottery-history',
      'draws/history?gameId=110&page=1&pageSize=20',
    )) as DrawHistoryPage;
    expect(all.items).toHaveLength(20);
    expect(all.years).toEqual([2026, 2025]);
    const y2025 = (await expectAnswer(
      '/lottery-history?gameId=1&game=120&year=2025',
      'draws/history?gameId=120&page=1&pageSize=20&year=2025',
    )) as DrawHistoryPage;
    expect(y2025.items.every((d) => d.issue.startsWith('2025'))).toBe(true);
    // The statistics tab reads the list's first page too; a year that is no number is ignored.
    await expectAnswer(
      '/lottery-history?tab=stats&year=20x5',
      'draws/history?gameId=110&page=1&pageSize=20',
    );
  });

  it('leaves out what the API refuses: the web app asks itself and shows the error', async () => {
    expect(await screenData(t.app, '/lottery-history?game=999')).toEqual({});
    expect(await screenData(t.app, '/lottery-history?game=110&year=1800')).toEqual({});
  });

  it('follows home_lottery_setting for the default game', async () => {
    await t.app.repos.config.set(CONFIG_KEYS.homeLotterySetting, '120,111');
    try {
      await expectAnswer('/gallery', 'galleries?gameId=120&page=1&pageSize=12');
      await expectAnswer('/gallery?game=110', 'galleries?gameId=120&page=1&pageSize=12');
      // The current game at start-up is games.json's first (110), not a home game here.
      await expectAnswer('/lottery-history', 'draws/history?gameId=120&page=1&pageSize=20');
      // A game in the address need not be a home game.
      await expectAnswer(
        '/lottery-history?game=110',
        'draws/history?gameId=110&page=1&pageSize=20',
      );
    } finally {
      await t.app.repos.config.set(CONFIG_KEYS.homeLotterySetting, '110,111,120');
    }
  });

  it('matches paths as the router does: any case, with a trailing slash', async () => {
    await expectAnswer('/NEWS/', 'news?page=1&pageSize=10');
    await expectAnswer('/Gallery/?game=111', 'galleries?gameId=111&page=1&pageSize=12');
  });

  it('gives nothing for other screens and odd addresses, and never throws', async () => {
    for (const url of [
      '/',
      '/game/110',
      '/news-detail/1',
      '/gallery-detail/110/1',
      '/lottery-result',
      '/newsroom',
      '/news/1',
      '/no/such/page',
      '/%ZZ',
      '',
      '?category=guide',
      '/news-detail/%E4%B8',
    ]) {
      expect(await screenData(t.app, url), url).toEqual({});
    }
  });

  it('is inlined into the page with the start-up data', async () => {
    await fs.writeFile(
      path.join(t.env.webDist, 'index.html'),
      '<!doctype html><html><head><!--kj-runtime-config--></head>' +
        '<body><div id="root"></div></body></html>',
    );
    const res = await t.app.inject({
      url: '/news?category=guide',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    const m = /<script id="kj-data" type="application\/json">(.*?)<\/script>/.exec(res.body);
    expect(m).not.toBeNull();
    const data = JSON.parse(m![1]!) as Record<string, unknown>;
    expect(data).toHaveProperty('games.json');
    expect(data['news?category=guide&page=1&pageSize=10']).toEqual(
      await api('news?category=guide&page=1&pageSize=10'),
    );
  });
});
