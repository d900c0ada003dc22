import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { rootReducer } from '../store/root-reducer';
import { formatCountdown } from '../lib/schedule';
import { clockSampled } from './live-slice';
import { remainingMs, serverNow, useServerNow } from './server-clock';

describe('server clock', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-21T05:20:00.000Z') }));
  afterEach(() => vi.useRealTimers());

  it('adds the offset to the local clock', () => {
    expect(serverNow(90_000, 1_000)).toBe(91_000);
    expect(remainingMs('2026-11-21T05:30:00.000Z', 0)).toBe(600_000);
    // The phone runs two minutes fast: the server says eight minutes remain, not ten.
    expect(
      remainingMs('2026-11-21T05:30:00.000Z', -120_000, Date.parse('2026-11-21T05:22:00.000Z')),
    ).toBe(600_000);
    expect(remainingMs('2026-11-21T05:10:00.000Z', 0)).toBe(0);
    expect(remainingMs('not a date', 0)).toBe(0);
  });

  it('ticks every second on the server clock measured from snapshots', () => {
    const store = configureStore({ reducer: rootReducer });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(Provider, { store, children });
    const { result } = renderHook(() => useServerNow(1000), { wrapper });
    expect(result.current).toBe(Date.parse('2026-11-21T05:20:00.000Z'));
    act(() => {
      store.dispatch(
        clockSampled({ serverTimes: ['2026-11-21T05:23:00.000Z'], receivedAt: Date.now() }),
      );
    });
    act(() => vi.advanceTimersByTime(1000));
    const now = result.current;
    expect(now).toBe(Date.parse('2026-11-21T05:23:01.000Z'));
    expect(formatCountdown(Date.parse('2026-11-21T05:25:00.000Z') - now)).toBe('01:59');
  });
});
