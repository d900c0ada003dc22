import type { AdminSeries } from '@kaijiang/domain';
import { describe, expect, it } from 'vitest';
import { firstDir, sortSeries } from './series-sort';

const s = (id: number, name: string, views: number, latestIssue: string | null) =>
  ({ id, name, views, latestIssue, position: 0 }) as AdminSeries;
const items = [s(1, '乙', 5, '2026099'), s(2, '甲', 50, '2026100'), s(3, '丙', 5, null)];

describe('the series table order', () => {
  it('sorts counts and issues largest first, names and order from the start', () => {
    expect(firstDir('views')).toBe('desc');
    expect(firstDir('name')).toBe('asc');
    expect(sortSeries(items, 'views', 'desc').map((x) => x.id)).toEqual([2, 1, 3]);
    expect(sortSeries(items, 'views', 'asc').map((x) => x.id)).toEqual([1, 3, 2]);
    expect(sortSeries(items, 'latestIssue', 'desc').map((x) => x.id)).toEqual([2, 1, 3]);
  });

  it('compares issues as numbers and names by pinyin', () => {
    const issues = [s(1, 'a', 0, '20269'), s(2, 'b', 0, '202610')];
    expect(sortSeries(issues, 'latestIssue', 'desc').map((x) => x.id)).toEqual([2, 1]);
    expect(sortSeries(items, 'name', 'asc').map((x) => x.name)).toEqual(['丙', '甲', '乙']);
  });
});
