import { configureStore } from '@reduxjs/toolkit';
import type { DrawSnapshot } from '@kaijiang/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '@/test/fake-socket';
import { GAMES } from '@/test/fixtures';
import { initialAppState } from '../store/app-slice';
import { rootReducer } from '../store/root-reducer';
import { getNotices, resetNotices } from '../ui/notifications';
import { IDLE_STOP_MS, LiveSession, justFinished } from './live-session';
import { selectLiveConnection, selectLiveDraw } from './live-slice';
import { GameSocketClient } from './socket-client';

const snap = (over: Partial<DrawSnapshot> = {}): DrawSnapshot => ({
  gameId: 110,
  issue: '2026325',
  status: 'drawing',
  numbers: [],
  drawAt: '2026-11-21T13:32:00.000Z',
  nextIssue: '2026326',
  nextDrawAt: '2026-11-22T13:32:00.000Z',
  serverTime: '2026-11-21T13:32:01.000Z',
  ...over,
});

function setup() {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { app: { ...initialAppState, games: GAMES } },
  });
  const session = new LiveSession(store, {
    createClient: (o) => new GameSocketClient({ ...o, createSocket: (url) => new FakeSocket(url) }),
  });
  return { store, session };
}

const frame = (content: DrawSnapshot) => ({ id: 'x', command: 70, content });

describe('LiveSession', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    resetNotices();
  });
  afterEach(() => vi.useRealTimers());

  it('opens one socket, subscribes to the games on screen and feeds their snapshots', () => {
    const { store, session } = setup();
    const release = session.acquire([110]);
    const socket = FakeSocket.last()!;
    socket.open();
    expect(selectLiveConnection(store.getState())).toBe('open');
    expect(socket.sent[0]).toMatchObject({ command: 67, content: { gameIds: [110] } });
    session.acquire([120]);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.sent[1]).toMatchObject({ command: 67, content: { gameIds: [120] } });
    socket.receive(frame(snap({ numbers: ['07'] })));
    expect(selectLiveDraw(store.getState(), 110)?.numbers).toEqual(['07']);
    release();
  });

  it('keeps the socket for a while after the last screen leaves, then closes it', () => {
    const { store, session } = setup();
    const release = session.acquire([110]);
    FakeSocket.last()!.open();
    release();
    vi.advanceTimersByTime(IDLE_STOP_MS - 1);
    expect(FakeSocket.last()!.closed).toBe(false);
    const again = session.acquire([110]);
    vi.advanceTimersByTime(IDLE_STOP_MS);
    expect(FakeSocket.last()!.closed).toBe(false);
    again();
    vi.advanceTimersByTime(IDLE_STOP_MS);
    expect(FakeSocket.last()!.closed).toBe(true);
    expect(selectLiveConnection(store.getState())).toBe('idle');
  });

  it('notifies when a followed draw finishes, once', () => {
    const { session } = setup();
    session.acquire([110]);
    const socket = FakeSocket.last()!;
    socket.open();
    const six = ['07', '12', '23', '34', '45', '46'];
    socket.receive(frame(snap({ numbers: six })));
    expect(getNotices()).toHaveLength(0);
    const done = snap({ status: 'done', numbers: [...six, '33'] });
    socket.receive(frame(done));
    socket.receive(frame(done));
    expect(getNotices()).toEqual([
      expect.objectContaining({
        title: '新澳门六合彩 第2026325期 开奖结果',
        body: '07 12 23 34 45 46 + 33',
      }),
    ]);
  });

  it('does not notify for the first picture or for games no screen follows', () => {
    const { session } = setup();
    const release = session.acquire([110]);
    const socket = FakeSocket.last()!;
    socket.open();
    socket.receive(
      frame(snap({ status: 'done', numbers: ['01', '02', '03', '04', '05', '06', '07'] })),
    );
    release();
    session.acquire([120]);
    socket.receive(
      frame(snap({ issue: '2026326', drawAt: '2026-11-22T13:32:00.000Z', numbers: ['01'] })),
    );
    socket.receive(
      frame(
        snap({
          issue: '2026326',
          drawAt: '2026-11-22T13:32:00.000Z',
          status: 'done',
          numbers: ['01', '02', '03', '04', '05', '06', '07'],
        }),
      ),
    );
    expect(getNotices()).toHaveLength(0);
  });

  it('tells a finished draw from a stale one', () => {
    expect(justFinished(undefined, snap({ status: 'done' }))).toBe(false);
    expect(justFinished(snap(), snap({ status: 'done' }))).toBe(true);
    expect(justFinished(snap({ status: 'done' }), snap({ status: 'done' }))).toBe(false);
    expect(
      justFinished(
        snap({ status: 'done' }),
        snap({ issue: '2026326', drawAt: '2026-11-22T13:32:00.000Z', status: 'done' }),
      ),
    ).toBe(true);
  });
});
