import { describe, expect, it, vi } from 'vitest';
import { fakeStaticFiles, GAMES } from '@/test/fixtures';
import { makeStore } from './store';
import { startup } from './startup';

describe('start-up sequence (spec §4)', () => {
  it('waits for five elements before the games, then sets the first game current', async () => {
    const files = fakeStaticFiles();
    files.hold('five-elements.json');
    const store = makeStore({
      extra: { staticFiles: () => files.client, companyCode: () => 'kj' },
    });
    const done = startup(store.dispatch, store.getState);

    await vi.waitFor(() => expect(files.calls).toContain('five-elements.json'));
    expect(files.calls).toEqual(
      expect.arrayContaining(['config.json', 'company/kj/notice_list.json', 'company/kj.json']),
    );
    expect(files.calls).not.toContain('games.json');
    expect(store.getState().app.loading.fiveElements).toBe(true);

    files.release('five-elements.json');
    await done;

    const order = files.calls;
    expect(order.indexOf('games.json')).toBeGreaterThan(order.indexOf('five-elements.json'));
    const app = store.getState().app;
    expect(app.currentGame?.id).toBe(GAMES[0]!.id);
    expect(app.loading).toEqual({
      settings: false,
      games: false,
      notices: false,
      company: false,
      fiveElements: false,
    });
    expect(app.settings.home_lottery_setting).toBe('110,111,120');
    expect(app.notices).toHaveLength(2);
    expect(app.company?.name).toBe('开奖网');
  });

  it('does not reload games that are already there', async () => {
    const files = fakeStaticFiles();
    const store = makeStore({
      extra: { staticFiles: () => files.client, companyCode: () => 'kj' },
    });
    await store.dispatch((await import('@/shared/store/app-slice')).loadGames());
    files.calls.length = 0;
    await startup(store.dispatch, store.getState);
    expect(files.calls).not.toContain('games.json');
  });

  it('only logs failures and leaves the data empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const files = fakeStaticFiles({});
    const store = makeStore({
      extra: { staticFiles: () => files.client, companyCode: () => 'kj' },
    });
    await startup(store.dispatch, store.getState);
    const app = store.getState().app;
    expect(app.games).toEqual([]);
    expect(app.company).toBeNull();
    expect(app.failed.games).toBe(true);
    expect(app.currentGame).toBeNull();
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
