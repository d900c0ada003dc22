// Migration 0018 turns issue 15's one unnamed series per game into a named 「综合图库」 series,
// its entries into issues and their pictures into the colour set (docs/architecture.md §14).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gallerySeries } from '../../src/db/migrations/0018-gallery-series.ts';
import { buildTestApp, createTestEnv, type TestEnv } from '../helpers/test-app.ts';

describe('migration 0018', () => {
  let env: TestEnv;
  beforeAll(async () => {
    env = await createTestEnv();
  });
  afterAll(() => env.cleanup());

  it("carries each game's gallery entries over into a 综合图库 series", async () => {
    const first = await buildTestApp(env);
    // Issue 15's entries, as an installation upgrading from 0017 has them (the demo no longer
    // seeds them): three issues of game 110, three pictures each; then run 0018 again over them.
    const now = new Date().toISOString();
    for (const issue of ['2026001', '2026002', '2026003']) {
      const row = await first.db
        .insertInto('galleries')
        .values({
          game_id: 110,
          issue,
          title: `第 ${issue} 期资料图`,
          thumb: `demo/gallery/110/${issue}-thumb.svg`,
          image: `demo/gallery/110/${issue}.svg`,
          published_at: now,
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await first.db
        .insertInto('gallery_pictures')
        .values(
          ['资料图', '生肖图', '波色图'].map((caption, position) => ({
            gallery_id: row.id,
            position,
            thumb: `demo/gallery/110/${issue}-${position + 1}-thumb.svg`,
            image: `demo/gallery/110/${issue}-${position + 1}.svg`,
            caption,
          })),
        )
        .execute();
    }
    const old = await first.db
      .selectFrom('galleries')
      .select(['game_id', 'issue'])
      .where('game_id', '=', 110)
      .orderBy('issue', 'desc')
      .execute();
    expect(old.length).toBeGreaterThan(0);
    await gallerySeries.down?.(first.db);
    await gallerySeries.up(first.db);
    await first.close();

    const app = await buildTestApp(env);
    try {
      const page = (
        await app.inject({ url: `/app-api/api/v2/gallery/series?gameId=110&q=综合` })
      ).json().data;
      expect(page.items).toHaveLength(1);
      const s = page.items[0];
      expect(s).toMatchObject({ name: '综合图库', initials: 'zhtk', issueCount: old.length });
      expect(s.latestIssue).toBe(old[0]!.issue);
      expect(s.cover).not.toBeNull();
      const issue = (
        await app.inject({ url: `/app-api/api/v2/gallery/series/${s.id}/issues/${old[0]!.issue}` })
      ).json().data;
      expect(issue.pictures.map((p: { caption: string }) => p.caption)).toEqual([
        '资料图',
        '生肖图',
        '波色图',
      ]);
      expect(issue.prev).toBe(old[1]!.issue);
    } finally {
      await app.close();
    }
  });
});
