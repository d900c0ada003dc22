import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_LIMIT } from '../../src/services/members/inbox.ts';
import { memberApp, registered, URLS, type TestApp } from './member-helpers.ts';

describe('member messages and collections (v2)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await memberApp();
    await t.app.repos.draws.insert({
      gameId: 110,
      issue: '2026001',
      drawAt: '2026-01-01T13:32:00.000Z',
      year: 2026,
      status: 'done',
      numbers: ['01', '02', '03', '04', '05', '06', '07'],
    });
  });
  afterAll(() => t.close());

  it('lists messages newest first with paging, counts unread, marks read', async () => {
    const { token, c } = await registered(t.app);
    const me = (await c.get(URLS.info, token)).json().data.userInfo.id as number;
    for (let i = 1; i <= 3; i++) {
      await t.app.repos.messages.create(
        me,
        { title: `通知 ${i}`, content: '内容' },
        new Date().toISOString(),
      );
    }
    const page1 = (await c.get(`${URLS.messages}?page=1&pageSize=2`, token)).json().data;
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total: 4, unread: 4 });
    expect(page1.items.map((m: { title: string }) => m.title)).toEqual(['通知 3', '通知 2']);
    const page2 = (await c.get(`${URLS.messages}?page=2&pageSize=2`, token)).json().data;
    expect(page2.items[1].title).toContain('欢迎');

    const id = page1.items[0].id as number;
    const read = await c.post(`${URLS.messages}/${id}/read`, {}, token);
    expect(read.json()).toEqual({ code: 'OK', msg: 'ok', data: true });
    expect((await c.get(`${URLS.messages}/unread-count`, token)).json().data).toEqual({
      unread: 3,
    });
    const all = await c.post(`${URLS.messages}/read-all`, {}, token);
    expect(all.json().data).toEqual({ updated: 3 });
    expect((await c.get(URLS.info, token)).json().data.extInfo.unreadMessages).toBe(0);
  });

  it("never reaches another member's messages", async () => {
    const a = await registered(t.app);
    const b = await registered(t.app);
    const aMessage = (await a.c.get(URLS.messages, a.token)).json().data.items[0].id;
    const res = await b.c.post(`${URLS.messages}/${aMessage}/read`, {}, b.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
    expect((await a.c.get(`${URLS.messages}/unread-count`, a.token)).json().data.unread).toBe(1);
  });

  it('collects draws (checked), news and old galleries; lists, checks and removes them', async () => {
    const { token, c } = await registered(t.app);
    const me = (await c.get(URLS.info, token)).json().data.userInfo.id as number;
    const draw = await c.post(URLS.collections, { kind: 'draw', refId: '110:2026001' }, token);
    expect(draw.statusCode, draw.body).toBe(200);
    expect(draw.json().data).toMatchObject({
      kind: 'draw',
      refId: '110:2026001',
      title: '新澳门六合彩 第2026001期',
    });
    const again = await c.post(URLS.collections, { kind: 'draw', refId: '110:2026001' }, token);
    expect(again.json().data.id).toBe(draw.json().data.id);

    const missing = await c.post(URLS.collections, { kind: 'draw', refId: '110:1999001' }, token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');

    const news = await c.post(
      URLS.collections,
      { kind: 'news', refId: '12', title: '开奖公告' },
      token,
    );
    expect(news.json().data).toMatchObject({ kind: 'news', refId: '12', title: '开奖公告' });
    // The retired gallery (issue 45): a stored entry stays listed and "collecting" it again
    // answers it; a new one is refused.
    const old = await t.app.repos.collections.add(
      me,
      { kind: 'gallery', refId: '110:3', title: '旧图纸' },
      new Date().toISOString(),
    );
    const oldAgain = await c.post(URLS.collections, { kind: 'gallery', refId: '110:3' }, token);
    expect(oldAgain.json().data).toMatchObject({ id: old.id, kind: 'gallery', title: '旧图纸' });
    const refused = await c.post(URLS.collections, { kind: 'gallery', refId: '110:4' }, token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('REQ/INVALID');

    const list = (await c.get(URLS.collections, token)).json().data;
    expect(list.total).toBe(3);
    expect(list.items.map((i: { kind: string }) => i.kind)).toEqual(['gallery', 'news', 'draw']);
    const onlyNews = (await c.get(`${URLS.collections}?kind=news`, token)).json().data;
    expect(onlyNews.items).toHaveLength(1);
    expect((await c.get(URLS.info, token)).json().data.extInfo.collections).toBe(3);

    const check = await c.get(`${URLS.collections}/check?kind=news&refId=12`, token);
    expect(check.json().data.id).toBe(news.json().data.id);
    const none = await c.get(`${URLS.collections}/check?kind=news&refId=13`, token);
    expect(none.json().data).toBeNull();

    const del = await c.send(
      { method: 'DELETE', url: `${URLS.collections}/${news.json().data.id}` },
      token,
    );
    expect(del.json().data).toBe(true);
    const byRef = await c.send(
      { method: 'DELETE', url: `${URLS.collections}?kind=gallery&refId=110:3` },
      token,
    );
    expect(byRef.json().data).toBe(true);
    const gone = await c.send(
      { method: 'DELETE', url: `${URLS.collections}?kind=gallery&refId=110:3` },
      token,
    );
    expect(gone.statusCode).toBe(404);
    expect((await c.get(URLS.collections, token)).json().data.total).toBe(1);
  });

  it('refuses bad kinds and references: 400 REQ/INVALID', async () => {
    const { token, c } = await registered(t.app);
    for (const fields of [
      { kind: 'video', refId: '1' },
      { kind: 'news', refId: '../etc' },
      { kind: 'news', refId: '' },
      { kind: 'news' },
      { kind: 'news', refId: '1', title: 'x'.repeat(201) },
    ]) {
      const res = await c.post(URLS.collections, fields, token);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().code).toBe('REQ/INVALID');
    }
  });

  it(`caps a collection at ${COLLECTION_LIMIT}`, async () => {
    const { token, c } = await registered(t.app);
    const me = (await c.get(URLS.info, token)).json().data.userInfo.id as number;
    const now = new Date().toISOString();
    for (let i = 0; i < COLLECTION_LIMIT; i++) {
      await t.app.repos.collections.add(me, { kind: 'news', refId: String(i), title: 't' }, now);
    }
    const res = await c.post(URLS.collections, { kind: 'news', refId: 'over' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('REQ/INVALID');
  });
});
