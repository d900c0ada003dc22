import { describe, expect, it } from 'vitest';
import { GAMES } from '@/test/fixtures';
import { initialAppState, type AppState } from './app-slice';
import type { RootState } from './root-reducer';
import { selectHomeGames, selectNoticeText, selectOnlineServiceUrl } from './selectors';

const state = (app: Partial<AppState>): RootState =>
  ({ app: { ...initialAppState, ...app } }) as RootState;

describe('home selectors', () => {
  it('joins every roll notice with " | "', () => {
    const s = state({
      notices: [
        { noticeContent: '第一条' },
        { noticeContent: ' 第二条 ' },
        { noticeContent: '第三条' },
      ],
    });
    expect(selectNoticeText(s)).toBe('第一条 | 第二条 | 第三条');
    expect(selectNoticeText(state({ notices: [] }))).toBe('');
  });

  it('filters and orders the games by home_lottery_setting', () => {
    const s = state({ games: GAMES, settings: { home_lottery_setting: '111, 110,999' } });
    expect(selectHomeGames(s).map((g) => g.id)).toEqual([111, 110]);
  });

  it('shows every game in file order when the setting is missing', () => {
    expect(selectHomeGames(state({ games: GAMES })).map((g) => g.id)).toEqual([120, 110, 111]);
  });

  it('takes the service URL from settings first', () => {
    expect(selectOnlineServiceUrl(state({ settings: { online_service_url: 'https://a' } }))).toBe(
      'https://a',
    );
  });
});
