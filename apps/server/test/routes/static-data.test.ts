import zlib from 'node:zlib';
import { fiveElementsFile } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fiveElementYears } from '../../src/services/pages/static-files.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { DATA_CACHE } from '../../src/lib/cache-control.ts';

const BASE = '/sys-upload/data/json';

describe('static data files', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('config.json lists the settings from the database', async () => {
    const res = await get(`${BASE}/config.json?_t=1700000000000`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.json()).toEqual({ system_config: await t.app.repos.config.list() });
    expect(res.json().system_config).toContainEqual({
      configKey: 'home_lottery_setting',
      configValue: '110,111,120',
    });
  });

  it('five-elements.json is the domain rule for 2020..2035 at least', async () => {
    const body = (await get(`${BASE}/five-elements.json`)).json();
    expect(body).toEqual(fiveElementsFile(fiveElementYears()));
    const years = body.map((r: { year: number }) => r.year);
    expect(years).toContain(2020);
    expect(years).toContain(2035);
    const y2026 = body.find((r: { year: number }) => r.year === 2026);
    expect(y2026.data.map((d: { element: string }) => d.element)).toEqual([
      'Metal',
      'Wood',
      'Water',
      'Fire',
      'Earth',
    ]);
    expect(y2026.data[0].values).toEqual([4, 5, 12, 13, 26, 27, 34, 35, 42, 43]);
  });

  it('games.json and game_center.json come from the games tables', async () => {
    const games = (await get(`${BASE}/games.json`)).json();
    expect(games).toEqual(await t.app.repos.games.list());
    expect(games.map((g: { id: number }) => g.id)).toEqual([110, 111, 120]);
    const center = (await get(`${BASE}/game_center.json`)).json();
    expect(center).toEqual(await t.app.repos.games.listGroups());
    expect(center[0]).toEqual({ groupName: '六合彩', games: [110, 111, 120] });
  });

  it('notice_list.json and {code}.json describe the company', async () => {
    const notices = (await get(`${BASE}/company/kj/notice_list.json`)).json();
    const rows = await t.app.repos.notices.listActive('kj');
    expect(notices).toEqual({ roll_notice: rows.map((r) => ({ noticeContent: r.content })) });
    expect(notices.roll_notice.length).toBeGreaterThanOrEqual(4);

    const company = (await get(`${BASE}/company/kj.json?_t=5`)).json();
    expect(company).toEqual(await t.app.repos.company.get('kj'));
    expect(company.aboutUs).toMatch(/^<p>/);
    expect(company.disclaimer).toMatch(/仅供参考/);
  });

  it('answers 404 NOT_FOUND for unknown companies and files', async () => {
    for (const url of [
      `${BASE}/company/nobody.json`,
      `${BASE}/company/nobody/notice_list.json`,
      `${BASE}/missing.json`,
      '/sys-upload/nothing/here.png',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', msg: expect.any(String), data: null });
    }
  });

  it('sends a strong ETag, Cache-Control, and 304 on If-None-Match', async () => {
    const res = await get(`${BASE}/games.json?_t=1`);
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers['cache-control']).toBe(DATA_CACHE);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const again = await get(`${BASE}/games.json?_t=2`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const other = await get(`${BASE}/games.json`, { 'if-none-match': '"nope"' });
    expect(other.statusCode).toBe(200);
  });

  it('serves precompressed variants with their own ETag', async () => {
    const plain = await get(`${BASE}/five-elements.json`);
    const br = await get(`${BASE}/five-elements.json`, { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const gz = await get(`${BASE}/five-elements.json`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    const revalidate = await get(`${BASE}/five-elements.json`, {
      'accept-encoding': 'br',
      'if-none-match': br.headers.etag as string,
    });
    expect(revalidate.statusCode).toBe(304);
  });

  it('rebuilds a file after a repository write', async () => {
    const before = await get(`${BASE}/company/kj/notice_list.json`);
    await t.app.repos.notices.create({
      companyCode: 'kj',
      content: '新公告：系统维护完成',
      sort: 99,
    });
    const after = await get(`${BASE}/company/kj/notice_list.json`, {
      'if-none-match': before.headers.etag as string,
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.json().roll_notice.at(-1)).toEqual({ noticeContent: '新公告：系统维护完成' });

    await t.app.repos.config.set('online_service_url', 'https://kf.example.com');
    expect((await get(`${BASE}/company/kj.json`)).json().onlineServiceUrl).toBe(
      'https://kf.example.com',
    );
  });

  it('serves uploads inertly and refuses to leave the uploads directory', async () => {
    const icon = await get('/sys-upload/games/110.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(icon.headers['content-security-policy']).toMatch(/sandbox/);
    for (const url of [
      '/sys-upload/../kaijiang.sqlite',
      '/sys-upload/%2e%2e/kaijiang.sqlite',
      '/sys-upload/..%2fkaijiang.sqlite',
      '/sys-upload/games/..%2f..%2fkaijiang.sqlite',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/SQLite/);
    }
  });
});
