import { describe, expect, it } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/shared/api/api';
import '@/shared/api/site-api';
import { GAMES } from '@/test/fixtures';
import { rootReducer } from './root-reducer';
import { selectHomeGames, selectNoticeText, selectOnlineServiceUrl } from './selectors';

/** A store whose cache holds these data files, as if fetched. */
function stateWith(files: {
  games?: unknown;
  settings?: Record<string, string>;
  notices?: string[];
}) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (m) => m().concat(api.middleware),
  });
  const entries = [];
  if (files.games) entries.push({ endpointName: 'games', arg: undefined, value: files.games });
  if (files.settings) {
    const system_config = Object.entries(files.settings).map(([configKey, configValue]) => ({
      configKey,
      configValue,
    }));
    entries.push({ endpointName: 'settings', arg: undefined, value: { system_config } });
  }
  if (files.notices) {
    const roll_notice = files.notices.map((noticeContent) => ({ noticeContent }));
    entries.push({ endpointName: 'notices', arg: 'kj', value: { roll_notice } });
  }
  store.dispatch(api.util.upsertQueryEntries(entries as never));
  return store.getState();
}

describe('home selectors', () => {
  it('joins every roll notice with " | "', () => {
    expect(selectNoticeText(stateWith({ notices: ['第一条', ' 第二条 ', '第三条'] }))).toBe(
      '第一条 | 第二条 | 第三条',
    );
    expect(selectNoticeText(stateWith({ notices: [] }))).toBe('');
  });

  it('filters and orders the games by home_lottery_setting', () => {
    const s = stateWith({ games: GAMES, settings: { home_lottery_setting: '111, 110,999' } });
    expect(selectHomeGames(s).map((g) => g.id)).toEqual([111, 110]);
  });

  it('shows every game in file order when the setting is missing', () => {
    expect(selectHomeGames(stateWith({ games: GAMES })).map((g) => g.id)).toEqual([120, 110, 111]);
  });

  it('takes the service URL from settings first', () => {
    expect(
      selectOnlineServiceUrl(stateWith({ settings: { online_service_url: 'https://a' } })),
    ).toBe('https://a');
  });
});
