import type { DrawSnapshot } from '@kaijiang/domain';
import { describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '@/shared/api/api';
import { rootReducer } from '@/shared/store/root-reducer';
import { FakeSocket } from '@/test/fake-socket';
import { fakeServer } from '@/test/fixtures';
import { latestApi, selectLiveDraw } from './latest-api';
import { isNewer } from './live-slice';

const snap = (over: Partial<DrawSnapshot> = {}): DrawSnapshot => ({
  gameId: 110,
  issue: '2026325',
  status: 'drawing',
  numbers: ['07'],
  drawAt: '2026-11-21T13:32:00.000Z',
  nextIssue: '2026326',
  nextDrawAt: '2026-11-22T13:32:00.000Z',
  serverTime: '2026-11-21T13:32:05.000Z',
  ...over,
});
const frame = (content: DrawSnapshot) => ({ id: 'x', command: 70, content });

describe('latest draws, fed by the game socket', () => {
  it('a game never moves back: later draws and more progress win', () => {
    expect(isNewer(snap(), snap({ numbers: ['07', '12'] }))).toBe(true);
    expect(isNewer(snap({ numbers: ['07', '12'] }), snap())).toBe(false);
    expect(
      isNewer(
        snap({ status: 'done' }),
        snap({ issue: '2026326', drawAt: '2026-11-22T13:32:00.000Z' }),
      ),
    ).toBe(true);
  });

  it('opens one socket while an entry lives, updates the entry with each frame, and closes after', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const server = fakeServer({ 'GET /api/v2/draws/latest': () => snap() });
    const store = configureStore({
      reducer: rootReducer,
      middleware: (m) =>
        m({ thunk: { extraArgument: { fetch: server.fetch } } }).concat(api.middleware),
    });
    const entry = store.dispatch(latestApi.endpoints.latestDraws.initiate(110));
    await entry;
    await vi.waitFor(() => expect(FakeSocket.all).toHaveLength(1));
    const socket = FakeSocket.last()!;
    socket.open();
    socket.receive(frame(snap({ numbers: ['07', '12'] })));
    expect(selectLiveDraw(store.getState(), 110)?.numbers).toEqual(['07', '12']);
    // An older frame (a re-subscribe racing a ball) does not move it back.
    socket.receive(frame(snap()));
    expect(selectLiveDraw(store.getState(), 110)?.numbers).toEqual(['07', '12']);
    // A second entry for the same game shares the socket.
    const all = store.dispatch(latestApi.endpoints.latestDraws.initiate(undefined));
    await all;
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeSocket.all).toHaveLength(1);
    // The last reader leaves: the entries go after their grace period, and the socket with them.
    entry.unsubscribe();
    all.unsubscribe();
    await vi.advanceTimersByTimeAsync(31_000);
    expect(latestApi.util.selectCachedArgsForQuery(store.getState(), 'latestDraws')).toEqual([]);
    expect(store.getState().live?.connection).toBe('idle');
    vi.useRealTimers();
  });
});
