import { describe, expect, it, vi } from 'vitest';
import { fakeServer, GAMES } from '@/test/fixtures';
import {
  selectCompany,
  selectCurrentGame,
  selectFailed,
  selectGames,
  selectLoaded,
  selectNotices,
  selectSettings,
} from '@/shared/store/selectors';
import { makeStore } from './store';
import { startup } from './startup';

describe('start-up sequence (spec §4)', () => {
  it('waits for five elements before the games; the first game is current', async () => {
    const server = fakeServer();
    server.hold('five-elements.json');
    const store = makeStore({ context: { fetch: server.fetch } });
    const done = startup(store.dispatch);

    await vi.waitFor(() => expect(server.calls).toContain('five-elements.json'));
    expect(server.calls).toEqual(
      expect.arrayContaining(['config.json', 'company/kj/notice_list.json', 'company/kj.json']),
    );
    expect(server.calls).not.toContain('games.json');
    expect(selectLoaded(store.getState(), 'fiveElements')).toBe(false);

    server.release('five-elements.json');
    await done;

    const order = server.calls;
    expect(order.indexOf('games.json')).toBeGreaterThan(order.indexOf('five-elements.json'));
    const state = store.getState();
    expect(selectCurrentGame(state)?.id).toBe(GAMES[0]!.id);
    expect(selectSettings(state).home_lottery_setting).toBe('110,111,120');
    expect(selectNotices(state)).toHaveLength(2);
    expect(selectCompany(state)?.name).toBe('开奖网');
  });

  it('asks for nothing it already has', async () => {
    const server = fakeServer();
    const store = makeStore({ context: { fetch: server.fetch } });
    await startup(store.dispatch);
    server.calls.length = 0;
    await startup(store.dispatch);
    expect(server.calls).toEqual([]);
  });

  it('only logs failures and leaves the data empty', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const server = fakeServer({}, {});
    const store = makeStore({ context: { fetch: server.fetch } });
    await startup(store.dispatch);
    const state = store.getState();
    expect(selectGames(state)).toEqual([]);
    expect(selectCompany(state)).toBeNull();
    expect(selectFailed(state, 'games')).toBe(true);
    expect(selectCurrentGame(state)).toBeNull();
    // The company record is tried three times (spec): 1 + 2 retries.
    expect(server.calls.filter((c) => c === 'company/kj.json')).toHaveLength(3);
    expect(warn).toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
