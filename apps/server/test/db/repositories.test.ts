import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeTopic } from '../../src/lib/change-feed.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

describe('repositories', () => {
  let t: TestApp;
  const topics: ChangeTopic[] = [];
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: false });
    t.app.changes.subscribe((topic) => topics.push(topic));
  });
  afterAll(() => t.close());

  it('round-trips games, including optional fields', async () => {
    const { games } = t.app.repos;
    await games.upsert({
      id: 7,
      name: '测试彩',
      shortName: '测试',
      schedule: '每周一 20:00',
      drawTime: '20:00',
      drawDays: [1],
      timezone: 'Asia/Shanghai',
      icon: 'games/7.png',
      streamUrl: 'https://live.example.com/7.m3u8',
      sort: 1,
      active: true,
    });
    expect(await games.get(7)).toEqual({
      id: 7,
      name: '测试彩',
      shortName: '测试',
      schedule: '每周一 20:00',
      drawTime: '20:00',
      drawDays: [1],
      timezone: 'Asia/Shanghai',
      icon: 'games/7.png',
      streamUrl: 'https://live.example.com/7.m3u8',
    });
    await games.upsert({ ...(await games.get(7))!, name: '改名', sort: 1, active: false });
    expect((await games.get(7))?.name).toBe('改名');
    expect(await games.list()).toEqual([]);
    expect(topics).toContain('games');
  });

  it('keeps group order and skips inactive games', async () => {
    const { games } = t.app.repos;
    for (const id of [8, 9]) {
      await games.upsert({
        id,
        name: `g${id}`,
        shortName: `g${id}`,
        schedule: '',
        drawTime: '21:00',
        drawDays: [],
        timezone: 'Asia/Shanghai',
        icon: '',
        sort: id,
        active: true,
      });
    }
    await games.replaceGroups([
      { groupName: 'B', games: [9, 7, 8] },
      { groupName: 'A', games: [] },
    ]);
    expect(await games.listGroups()).toEqual([
      { groupName: 'B', games: [9, 8] },
      { groupName: 'A', games: [] },
    ]);
  });

  it('manages notices per company', async () => {
    const { notices } = t.app.repos;
    const a = await notices.create({ companyCode: 'kj', content: '二', sort: 2 });
    await notices.create({ companyCode: 'kj', content: '一', sort: 1 });
    await notices.create({ companyCode: 'other', content: '别家' });
    await notices.create({ companyCode: 'kj', content: '停用', active: false });
    expect((await notices.listActive('kj')).map((n) => n.content)).toEqual(['一', '二']);
    expect(await notices.update(a.id, { active: false })).toBe(true);
    expect((await notices.listActive('kj')).map((n) => n.content)).toEqual(['一']);
    expect(await notices.remove(a.id)).toBe(true);
    expect(await notices.remove(a.id)).toBe(false);
  });

  it('upserts config entries and keeps private meta apart', async () => {
    await t.app.repos.config.set('k', '1');
    await t.app.repos.config.set('k', '2');
    expect(await t.app.repos.config.get('k')).toBe('2');
    expect(await t.app.repos.meta.getOrInsert('m', 'first')).toBe('first');
    expect(await t.app.repos.meta.getOrInsert('m', 'second')).toBe('first');
    expect((await t.app.repos.config.list()).map((e) => e.configKey)).toEqual(['k']);
  });
});
