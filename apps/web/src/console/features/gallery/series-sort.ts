import type { AdminSeries } from '@kaijiang/domain';

/** The columns the series table sorts by. */
export const SERIES_SORTS = [
  'name',
  'position',
  'issueCount',
  'latestIssue',
  'views',
  'likes',
  'comments',
] as const;
export type SeriesSort = (typeof SERIES_SORTS)[number];
export type SortDir = 'asc' | 'desc';

/** The direction a column starts in: counts and the newest issue largest first. */
export const firstDir = (key: SeriesSort): SortDir =>
  key === 'name' || key === 'position' ? 'asc' : 'desc';

/** The table's rows in the chosen order; ties keep the server's order (position, then id). */
export function sortSeries(items: readonly AdminSeries[], key: SeriesSort, dir: SortDir) {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: AdminSeries, b: AdminSeries): number => {
    switch (key) {
      case 'name':
        return a.name.localeCompare(b.name, 'zh-Hans-CN');
      case 'latestIssue':
        return (a.latestIssue ?? '').localeCompare(b.latestIssue ?? '', 'en', { numeric: true });
      default:
        return a[key] - b[key];
    }
  };
  return items
    .map((s, i) => [s, i] as const)
    .sort(([a, i], [b, j]) => sign * cmp(a, b) || i - j)
    .map(([s]) => s);
}
