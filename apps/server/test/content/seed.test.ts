import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';

describe('demo content seed', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.cleanup());

  it('fills an empty database once, and keeps what an operator removed removed', async () => {
    const first = await buildTestApp(env);
    const news = await first.repos.news.page({ limit: 50, offset: 0, includeHidden: true });
    expect(news.total).toBe(12);
    // The old one-series gallery is no longer seeded (the picture library seeds its series).
    expect(await first.repos.oldGalleries.count()).toBe(0);
    expect((await first.repos.faqs.list()).length).toBeGreaterThanOrEqual(8);
    for (const n of news.items) await first.repos.news.remove(n.id);
    await first.close();

    const again = await buildTestApp(env);
    try {
      expect(await again.repos.news.count()).toBe(0);
      // The demo pictures are on disk and served as images.
      const cover = await again.inject('/sys-upload/demo/news/1.png');
      expect(cover.statusCode).toBe(200);
      expect(cover.headers['content-type']).toBe('image/png');
      expect(cover.rawPayload.length).toBeLessThan(20_000);
    } finally {
      await again.close();
    }
  });

  it('leaves an installation with old gallery entries alone, even without its marker', async () => {
    const first = await buildTestApp(env);
    const now = new Date().toISOString();
    await first.db.deleteFrom('news').execute();
    await first.db.deleteFrom('app_meta').where('key', '=', 'seed.demo.content').execute();
    await first.db
      .insertInto('galleries')
      .values({
        game_id: 110,
        issue: '2026001',
        title: '旧图纸',
        thumb: 'a.png',
        image: 'a.png',
        published_at: now,
        active: 1,
        created_at: now,
        updated_at: now,
      })
      .execute();
    await first.close();

    const again = await buildTestApp(env);
    try {
      expect(await again.repos.oldGalleries.count()).toBe(1);
      expect(await again.repos.news.count()).toBe(0);
    } finally {
      await again.close();
    }
  });
});
