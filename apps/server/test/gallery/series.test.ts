// The picture library's series (docs/architecture.md §14): the demo, search, operators' CRUD,
// issue order with skipped issues, and the viewer's neighbours — on SQLite, and on PostgreSQL
// with scripts/with-postgres.sh.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberApp, type TestApp } from '../members/member-helpers.ts';
import { ADMIN, TOKEN, V2, auth, createSeries, png, upload } from './helpers.ts';

describe('gallery series', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp({ adminToken: TOKEN });
  });
  afterAll(() => t.close());
  const get = (url: string) => t.app.inject({ url });

  it('seeds a dozen named series per game, most viewed first, with sheets the server draws', async () => {
    const res = await get(`${V2}/series?gameId=110&pageSize=60`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(12);
    const names = page.items.map((s: { name: string }) => s.name);
    expect(names).toEqual(
      expect.arrayContaining(['马会传真', '跑狗图', '黄大仙', '四不像', '管家婆', '挂牌', '平特']),
    );
    const views = page.items.map((s: { views: number }) => s.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    const hcz = page.items.find((s: { name: string }) => s.name === '马会传真');
    expect(hcz).toMatchObject({ initials: 'mhcz', modes: 'both', issueCount: 20, isNew: true });
    // A series that skips issues has fewer.
    const sbx = page.items.find((s: { name: string }) => s.name === '四不像');
    expect(sbx.issueCount).toBe(15);
    const sheet = await get(hcz.cover.phone);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toContain('image/svg+xml');
    expect(sheet.headers['cache-control']).toContain('immutable');
    expect(sheet.body).toContain('马会传真');
    const mono = await get(hcz.cover.phone.replace('-colour', '-mono'));
    expect(mono.body).toContain('黑白版');
    // A sheet names its game: none is drawn for a game the installation does not have.
    const stray = await get(hcz.cover.phone.replace('/demo/110/', '/demo/999/'));
    expect(stray.statusCode).toBe(404);
    expect(stray.json().msg).toBe('彩种不存在');
  });

  it('searches by a part of the name or by pinyin initials, any case, % taken literally', async () => {
    const names = async (q: string) =>
      (await get(`${V2}/series?gameId=110&q=${encodeURIComponent(q)}`))
        .json()
        .data.items.map((s: { name: string }) => s.name);
    expect(await names('MHCZ')).toEqual(['马会传真']);
    expect(await names('pg')).toEqual(['跑狗图']);
    expect(await names('大仙')).toEqual(['黄大仙']);
    expect(await names('%')).toEqual([]);
    expect(await names('hcz')).toEqual([]); // initials match from the start only
  });

  it('lets operators create, check, change, hide and delete series', async () => {
    const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `${ADMIN}${url}`, headers: auth, ...(payload && { payload }) });
    expect(
      (await t.app.inject({ method: 'POST', url: `${ADMIN}/series`, payload: {} })).statusCode,
    ).toBe(401);
    const made = await send('POST', '/series', { gameId: 111, name: '  新 图 ', modes: 'colour' });
    expect(made.statusCode).toBe(200);
    const s = made.json().data;
    expect(s).toMatchObject({
      name: '新 图',
      initials: 'xt',
      hidden: false,
      issueCount: 0,
      cover: null,
    });
    expect(
      (await send('POST', '/series', { gameId: 111, name: '新 图', modes: 'mono' })).statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/series', { gameId: 999, name: 'x', modes: 'mono' })).statusCode,
    ).toBe(404);
    expect(
      (await send('POST', '/series', { gameId: 111, name: 'x'.repeat(21), modes: 'mono' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('POST', '/series', { gameId: 111, name: 'x', modes: 'sepia' })).statusCode,
    ).toBe(400);
    const hidden = await send('PUT', `/series/${s.id}`, { hidden: true, name: '老图' });
    expect(hidden.json().data).toMatchObject({
      hidden: true,
      name: '老图',
      initials: 'lt',
      modes: 'colour',
    });
    expect((await get(`${V2}/series/${s.id}`)).statusCode).toBe(404);
    const list = await t.app.inject({
      url: `${ADMIN}/series?gameId=111&pageSize=100`,
      headers: auth,
    });
    expect(list.json().data.items.some((x: { id: number }) => x.id === s.id)).toBe(true);
    const audit = await t.app.inject({ url: '/app-api/admin/console/audit', headers: auth });
    expect(audit.statusCode).toBe(200);
    expect(audit.body).toContain('gallery.series.update');
    expect((await send('DELETE', `/series/${s.id}`)).statusCode).toBe(200);
    expect((await send('DELETE', `/series/${s.id}`)).statusCode).toBe(404);
  });

  it('orders issues newest first; prev/next skip the issues a series does not have', async () => {
    const id = await createSeries(t.app, { name: '顺序测试' });
    await upload(t.app, id, [
      { name: '2026005.png', bytes: png() },
      { name: '2026001.png', bytes: png() },
      { name: '2026010.png', bytes: png() },
      { name: '2026010-2.png', bytes: png(64, 48, 40) },
      { name: '2026010-mono.png', bytes: png(64, 48, 80) },
    ]);
    const issues = (await get(`${V2}/series/${id}/issues`)).json().data;
    expect(issues.items.map((i: { issue: string }) => i.issue)).toEqual([
      '2026010',
      '2026005',
      '2026001',
    ]);
    expect(issues.total).toBe(3);
    const second = (await get(`${V2}/series/${id}/issues?page=2&pageSize=2`)).json().data;
    expect(second.items.map((i: { issue: string }) => i.issue)).toEqual(['2026001']);
    const mid = (await get(`${V2}/series/${id}/issues/2026005`)).json().data;
    expect([mid.prev, mid.next]).toEqual(['2026001', '2026010']);
    const top = (await get(`${V2}/series/${id}/issues/2026010`)).json().data;
    expect([top.prev, top.next]).toEqual(['2026005', null]);
    expect(
      top.pictures.map((p: { variant: string; position: number }) => `${p.variant}${p.position}`),
    ).toEqual(['colour0', 'colour1', 'mono0']);
    expect(top.result).toBeNull();
    expect(top.series.latestIssue).toBe('2026010');
    expect((await get(`${V2}/series/${id}/issues/2026002`)).statusCode).toBe(404);
    expect((await get(`${V2}/series/${id}/issues/..%2F1`)).statusCode).toBe(400);
    const year = (await get(`${V2}/series/${id}/issues?year=2026`)).json().data;
    expect(year.total).toBe(3);
    expect((await get(`${V2}/series/${id}`)).json().data.years).toEqual([2026]);
    // Removing an issue closes the gap.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${ADMIN}/series/${id}/issues/2026005`,
      headers: auth,
    });
    expect(del.statusCode).toBe(200);
    const after = (await get(`${V2}/series/${id}/issues/2026010`)).json().data;
    expect(after.prev).toBe('2026001');
    expect(after.series.issueCount).toBe(2);
  });

  it('counts a view once per address in a while', async () => {
    const id = await createSeries(t.app, { name: '浏览测试' });
    await upload(t.app, id, [{ name: '2026001.png', bytes: png() }]);
    const view = (address: string) =>
      t.app.inject({ url: `${V2}/series/${id}/issues/2026001`, remoteAddress: address });
    await view('10.9.0.1');
    await view('10.9.0.1');
    await view('10.9.0.2');
    expect((await get(`${V2}/series/${id}`)).json().data.views).toBe(2);
  });

  it('pages a 500-issue series quickly', async () => {
    const id = await createSeries(t.app, { name: '长系列' });
    const image = { thumb: '/t.jpg', phone: '/p.jpg', desktop: '/d.jpg', width: 1, height: 1 };
    await t.app.repos.gallerySeries.insertIssues(
      id,
      Array.from({ length: 500 }, (_, i) => ({
        issue: `${2020 + Math.floor(i / 100)}${String((i % 100) + 1).padStart(3, '0')}`,
        year: 2020 + Math.floor(i / 100),
        publishedAt: new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString(),
        pictures: [{ variant: 'colour' as const, position: 0, caption: '', image }],
      })),
    );
    await t.app.repos.gallerySeries.refresh(id);
    const t0 = performance.now();
    const last = (await get(`${V2}/series/${id}/issues?page=17&pageSize=30`)).json().data;
    const ms = performance.now() - t0;
    expect(last.items.map((i: { issue: string }) => i.issue).at(-1)).toBe('2020001');
    expect(last.total).toBe(500);
    expect(ms).toBeLessThan(500);
  });
});
