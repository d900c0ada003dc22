import { describe, expect, it } from 'vitest';
import { apiDataKey } from './inlined.ts';

describe('apiDataKey', () => {
  it('names a call by its path under the v2 base and its query sorted by name', () => {
    expect(apiDataKey('/news', { page: 1, pageSize: 10, category: undefined })).toBe(
      'news?page=1&pageSize=10',
    );
    expect(apiDataKey('/draws/history', { year: 2025, pageSize: 20, page: 1, gameId: 110 })).toBe(
      'draws/history?gameId=110&page=1&pageSize=20&year=2025',
    );
    expect(apiDataKey('/draws/latest')).toBe('draws/latest');
    expect(apiDataKey('galleries', { gameId: 110 })).toBe('galleries?gameId=110');
  });

  it('escapes what a query value may hold', () => {
    expect(apiDataKey('/news', { category: 'a&b=c d' })).toBe('news?category=a%26b%3Dc%20d');
  });
});
