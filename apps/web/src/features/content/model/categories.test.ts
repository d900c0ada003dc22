import { NEWS_CATEGORIES } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import { categoryName } from './categories';
import { categoryWords } from './news-words';

describe('category names', () => {
  it('say in Simplified what the domain list (the server’s) says', () => {
    for (const c of NEWS_CATEGORIES) expect(categoryWords['zh-Hans'][c.code]).toBe(c.name);
  });

  it('have a Traditional name for every category, and a fallback for unknown codes', () => {
    expect(categoryName('guide', categoryWords['zh-Hant'])).toBe('玩法解讀');
    expect(categoryName('lottery-tips', categoryWords['zh-Hant'])).toBe('資訊');
    expect(categoryName('lottery-tips', categoryWords['zh-Hans'])).toBe('资讯');
  });
});
