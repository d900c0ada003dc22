import type { NewsDetail, NewsPage } from '@kaijiang/domain';
import { NEWS_CATEGORIES } from '@kaijiang/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xsrfPair, type TestApp } from '../helpers/test-app.ts';
import { LIST_CACHE } from '../../src/lib/cache-control.ts';

const V2 = '/app-api/api/v2';

describe('public content API', () => {
  let t: TestApp;
  const get = (url: string) => t.app.inject(url);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('pages the demo news newest first, by category, with the total', async () => {
    const first = await get(`${V2}/news?pageSize=5`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(LIST_CACHE);
    const p1 = first.json().data as NewsPage;
    expect(p1).toMatchObject({ page: 1, pageSize: 5 });
    expect(p1.total).toBeGreaterThanOrEqual(12);
    expect(p1.items).toHaveLength(5);
    const p3 = (await get(`${V2}/news?pageSize=5&page=3`)).json().data as NewsPage;
    expect(p3.items.length).toBe(p1.total - 10);
    const times = p1.items.map((n) => n.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    // Lists carry no body; every item has a cover and a summary.
    for (const n of p1.items) {
      expect(n).not.toHaveProperty('body');
      expect(n.summary.length).toBeGreaterThan(10);
      expect(n.cover).toMatch(/^demo\/news\/\d+\.png$/);
    }
    for (const { code } of NEWS_CATEGORIES) {
      const page = (await get(`${V2}/news?category=${code}`)).json().data as NewsPage;
      expect(page.total, code).toBeGreaterThan(0);
      expect(page.items.every((n) => n.category === code)).toBe(true);
    }
  });

  it('refuses bad paging and unknown categories', async () => {
    for (const q of ['pageSize=51', 'page=0', 'category=gossip', 'page=abc']) {
      const res = await get(`${V2}/news?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('REQ/INVALID');
    }
  });

  it('gives a news item with its body and counts each view', async () => {
    const id = ((await get(`${V2}/news?pageSize=1`)).json().data as NewsPage).items[0]!.id;
    const a = await get(`${V2}/news/${id}`);
    expect(a.statusCode).toBe(200);
    expect(a.headers['cache-control']).toBe('no-cache');
    const first = a.json().data as NewsDetail;
    expect(first.body).toMatch(/^<p>/);
    const second = (await get(`${V2}/news/${id}`)).json().data as NewsDetail;
    expect(second.views).toBe(first.views + 1);
    expect((await get(`${V2}/news/999999`)).statusCode).toBe(404);
    expect((await get(`${V2}/news/999999`)).json().code).toBe('NOT_FOUND');
    expect((await get(`${V2}/news/abc`)).statusCode).toBe(400);
  });

  it('hides news that is inactive or scheduled for later', async () => {
    const hidden = await t.app.content.createNews({
      title: '隐藏',
      body: '<p>x</p>',
      category: 'guide',
      active: false,
    });
    const later = await t.app.content.createNews({
      title: '稍后',
      body: '<p>y</p>',
      category: 'guide',
      publishedAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect((await get(`${V2}/news/${hidden.id}`)).statusCode).toBe(404);
    expect((await get(`${V2}/news/${later.id}`)).statusCode).toBe(404);
    const ids = ((await get(`${V2}/news?pageSize=50`)).json().data as NewsPage).items.map(
      (n) => n.id,
    );
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(later.id);
  });

  it('lists the FAQ and the partner table', async () => {
    const faqs = (await get(`${V2}/faqs`)).json().data as { question: string; answer: string }[];
    expect(faqs.length).toBeGreaterThanOrEqual(8);
    expect(faqs[0]).toEqual({
      id: expect.any(Number),
      question: expect.any(String),
      answer: expect.any(String),
    });
    const team = (await get(`${V2}/team-conditions`)).json().data as { tier: string }[];
    expect(team.length).toBeGreaterThanOrEqual(3);
    expect(Object.keys(team[0]!).sort()).toEqual(['benefit', 'id', 'requirement', 'tier']);
  });

  describe('questions', () => {
    const post = async (payload: object, xsrf = true, remoteAddress = '10.9.0.1') => {
      const pair = await xsrfPair(t.app);
      return t.app.inject({
        method: 'POST',
        url: `${V2}/questions`,
        remoteAddress,
        payload,
        headers: xsrf ? { cookie: pair.cookie, 'x-xsrf-token': pair.token } : {},
      });
    };

    it('stores a valid question and answers true', async () => {
      const res = await post({
        name: '  小王 ',
        contact: 'wx: abc',
        content: '请问历史开奖能导出吗？',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 'OK', msg: 'ok', data: true });
      const stored = await t.app.repos.questions.page({ limit: 1, offset: 0 });
      expect(stored.items[0]).toMatchObject({
        name: '小王',
        contact: 'wx: abc',
        content: '请问历史开奖能导出吗？',
        status: 'open',
      });
    });

    it('takes urlencoded forms too', async () => {
      const pair = await xsrfPair(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: `${V2}/questions`,
        remoteAddress: '10.9.0.2',
        payload: 'content=%E8%AF%B7%E9%97%AE%E6%80%8E%E4%B9%88%E6%94%B6%E8%97%8F',
        headers: {
          cookie: pair.cookie,
          'x-xsrf-token': pair.token,
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(res.json().data).toBe(true);
    });

    it('refuses a missing anti-forgery header and invalid fields', async () => {
      const forged = await post({ content: '没有令牌的问题内容' }, false, '10.9.0.3');
      expect(forged.statusCode).toBe(403);
      expect(forged.json().code).toBe('REQ/XSRF');
      const empty = await post({ content: '  ' }, true, '10.9.0.3');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().data).toHaveProperty('content');
      const long = await post({ content: 'x'.repeat(1001) }, true, '10.9.0.3');
      expect(long.json().data).toHaveProperty('content');
      const whitespace = await post({ content: '   a  \n ' }, true, '10.9.0.4');
      expect(whitespace.statusCode).toBe(400);
    });

    it('limits one address to a few questions per window', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++)
        codes.push((await post({ content: `第 ${i} 个问题的内容` }, true, '10.9.0.9')).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
      const limited = await post({ content: '再问一个问题' }, true, '10.9.0.9');
      expect(limited.json().code).toBe('REQ/RATE_LIMITED');
      expect(limited.headers['retry-after']).toBeDefined();
      // Another address is not affected.
      expect((await post({ content: '另一个地址的问题' }, true, '10.9.0.10')).statusCode).toBe(200);
    });
  });

  it('documents the content calls in OpenAPI', async () => {
    const doc = (await get('/app-api/docs/json')).json();
    for (const p of ['/news', '/news/{id}', '/faqs', '/team-conditions', '/questions']) {
      const ops = doc.paths[`${V2}${p}`];
      expect(ops, p).toBeDefined();
      expect(
        Object.values(ops).every((op) => (op as { tags: string[] }).tags.includes('content')),
      ).toBe(true);
    }
    expect(doc.tags.map((tag: { name: string }) => tag.name)).toContain('content');
    // The old one-series gallery is retired (the picture library is under /gallery/series).
    expect(Object.keys(doc.paths).filter((p) => p.includes('/galleries'))).toEqual([]);
  });
});
