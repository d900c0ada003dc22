import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DrawSnapshot, DrawStatus } from '@kaijiang/domain';
import { rootReducer, type RootState } from '../store/root-reducer';
import type { SocketState } from './socket-client';

/** The socket's state and the server's clock; the draws themselves are in the query cache. */
export type LiveConnection = 'idle' | SocketState;

export interface LiveState {
  connection: LiveConnection;
  /** Server clock minus visitor clock, in ms: the best of the recent samples. */
  clockOffsetMs: number;
  offsetSamples: number[];
}

export const initialLiveState: LiveState = {
  connection: 'idle',
  clockOffsetMs: 0,
  offsetSamples: [],
};

const OFFSET_SAMPLES = 5;
const STATUS_RANK: Record<DrawStatus, number> = {
  waiting: 0,
  delayed: 0,
  drawing: 1,
  disputed: 1,
  done: 2,
};

/**
 * Whether `next` may replace `current`. Snapshots can arrive out of order (a slow HTTP answer
 * after a socket frame, a re-subscribe racing a ball): a later draw always wins, and within one
 * draw only more progress does, so a game never moves back.
 */
export function isNewer(current: DrawSnapshot | undefined, next: DrawSnapshot): boolean {
  if (!current) return true;
  const a = Date.parse(current.drawAt);
  const b = Date.parse(next.drawAt);
  if (b !== a) return b > a;
  // Another source's draw at that time (a feed's, after the simulator's) replaces it.
  if (next.source !== current.source) return true;
  if (next.issue !== current.issue) return next.issue > current.issue;
  // A dispute takes back balls: news even with fewer of them.
  if (next.status === 'disputed' && current.status !== 'done') return true;
  const progress = (s: DrawSnapshot) => STATUS_RANK[s.status] * 10 + s.numbers.length;
  // Equal progress is accepted: the same draw re-sent carries a fresher nextDrawAt.
  return progress(next) >= progress(current);
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    /** Snapshots left the server at `serverTime`s and arrived at `receivedAt` (visitor's clock). */
    clockSampled(state, { payload }: PayloadAction<{ serverTimes: string[]; receivedAt: number }>) {
      for (const at of payload.serverTimes) {
        const serverTime = Date.parse(at);
        if (!Number.isFinite(serverTime)) continue;
        // Every sample is low by its transit time: the largest recent one is the closest.
        state.offsetSamples = [...state.offsetSamples, serverTime - payload.receivedAt].slice(
          -OFFSET_SAMPLES,
        );
        state.clockOffsetMs = Math.max(...state.offsetSamples);
      }
    },
    connectionChanged(state, { payload }: PayloadAction<LiveConnection>) {
      state.connection = payload;
    },
  },
});

export const { clockSampled, connectionChanged } = liveSlice.actions;

declare module '../store/root-reducer' {
  export interface LazyLoadedSlices {
    live: LiveState;
  }
}

/** Added to the store by the first screen that shows live draws (it is not needed before). */
export const liveReducer = rootReducer.inject(liveSlice);

const liveOf = (state: RootState): LiveState => state.live ?? initialLiveState;

export const selectLiveConnection = (state: RootState) => liveOf(state).connection;
export const selectClockOffset = (state: RootState) => liveOf(state).clockOffsetMs;
