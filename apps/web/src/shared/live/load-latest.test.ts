import { configureStore } from '@reduxjs/toolkit';
import type { LatestDraw } from '@kaijiang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rootReducer } from '../store/root-reducer';
import { loadLatest, setLatestSource } from './load-latest';
import { selectLatestLoad, selectLiveDraw, snapshotsReceived } from './live-slice';

const latest = (over: Partial<LatestDraw> = {}): LatestDraw => ({
  gameId: 110,
  issue: '2026324',
  status: 'done',
  numbers: ['01', '02', '03', '04', '05', '06', '07'],
  drawAt: '2026-11-20T13:32:00.000Z',
  nextIssue: '2026325',
  nextDrawAt: '2026-11-21T13:32:00.000Z',
  serverTime: '2026-11-21T05:00:00.000Z',
  lunarYear: 2026,
  balls: [],
  sum: null,
  ...over,
});

describe('loadLatest', () => {
  afterEach(() => setLatestSource(async () => []));

  it('asks once per page and fills the live slice', async () => {
    const store = configureStore({ reducer: rootReducer });
    const source = vi.fn(async () => [latest()]);
    setLatestSource(source);
    await Promise.all([loadLatest(store, [110], 110), loadLatest(store, [110], 110)]);
    await loadLatest(store, [110], 110);
    expect(source).toHaveBeenCalledTimes(1);
    expect(source).toHaveBeenCalledWith(110);
    expect(selectLiveDraw(store.getState(), 110)?.issue).toBe('2026324');
    expect(selectLatestLoad(store.getState(), 110)).toBe('done');
  });

  it('never replaces what the socket already brought with an older answer', async () => {
    const store = configureStore({ reducer: rootReducer });
    store.dispatch(
      snapshotsReceived({
        snapshots: [
          latest({
            issue: '2026325',
            status: 'drawing',
            numbers: ['11'],
            drawAt: '2026-11-21T13:32:00.000Z',
          }),
        ],
        receivedAt: Date.now(),
      }),
    );
    setLatestSource(async () => [latest()]);
    await loadLatest(store, [110, 111, 120]);
    expect(selectLiveDraw(store.getState(), 110)).toMatchObject({
      issue: '2026325',
      numbers: ['11'],
    });
  });

  it('marks the games failed and lets a later screen try again', async () => {
    const store = configureStore({ reducer: rootReducer });
    setLatestSource(async () => {
      throw new Error('网络异常');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await loadLatest(store, [110], 110);
    expect(selectLatestLoad(store.getState(), 110)).toBe('failed');
    const source = vi.fn(async () => [latest()]);
    setLatestSource(source);
    await loadLatest(store, [110], 110);
    expect(source).toHaveBeenCalled();
    expect(selectLatestLoad(store.getState(), 110)).toBe('done');
  });
});
