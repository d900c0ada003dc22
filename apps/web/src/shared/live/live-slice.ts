import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { DrawSnapshot, DrawStatus } from '@kaijiang/domain';
import { rootReducer, type RootState } from '../store/root-reducer';
import type { SocketState } from './socket-client';

/**
 * Live draws as a plain slice fed by the socket rather than an RTK Query cache entry: the home
 * screen is the first load, RTK Query would add ~10 kB to it, and there is nothing to cache here
 * beyond "the newest snapshot per game", which this reducer keeps in a few lines.
 */
export type LiveConnection = 'idle' | SocketState;

export interface LiveState {
  connection: LiveConnection;
  /** The newest snapshot seen per game, from GET /draws/latest or the socket. */
  draws: Record<number, DrawSnapshot>;
  /** Whether GET /draws/latest has answered for a game, so screens tell "loading" from "none". */
  loaded: Record<number, 'loading' | 'done' | 'failed'>;
  /** Server clock minus visitor clock, in ms: the best of the recent samples. */
  clockOffsetMs: number;
  offsetSamples: number[];
}

export const initialLiveState: LiveState = {
  connection: 'idle',
  draws: {},
  loaded: {},
  clockOffsetMs: 0,
  offsetSamples: [],
};

const OFFSET_SAMPLES = 5;
const STATUS_RANK: Record<DrawStatus, number> = { waiting: 0, drawing: 1, done: 2 };

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
  if (next.issue !== current.issue) return next.issue > current.issue;
  const progress = (s: DrawSnapshot) => STATUS_RANK[s.status] * 10 + s.numbers.length;
  // Equal progress is accepted: the same draw re-sent carries a fresher nextDrawAt.
  return progress(next) >= progress(current);
}

export interface SnapshotsReceived {
  snapshots: DrawSnapshot[];
  /** Visitor's clock (ms) when they arrived, to measure the server clock offset. */
  receivedAt: number;
}

export const liveSlice = createSlice({
  name: 'live',
  initialState: initialLiveState,
  reducers: {
    snapshotsReceived(state, { payload }: PayloadAction<SnapshotsReceived>) {
      for (const snapshot of payload.snapshots) {
        const serverTime = Date.parse(snapshot.serverTime);
        if (Number.isFinite(serverTime)) {
          // A snapshot left the server before it arrived, so every sample is low by its transit
          // time: the largest recent one is the closest to the truth.
          state.offsetSamples = [...state.offsetSamples, serverTime - payload.receivedAt].slice(
            -OFFSET_SAMPLES,
          );
          state.clockOffsetMs = Math.max(...state.offsetSamples);
        }
        if (isNewer(state.draws[snapshot.gameId], snapshot)) {
          state.draws[snapshot.gameId] = snapshot;
        }
      }
    },
    latestRequested(state, { payload }: PayloadAction<number[]>) {
      for (const id of payload) if (state.loaded[id] !== 'done') state.loaded[id] = 'loading';
    },
    latestSettled(state, { payload }: PayloadAction<{ gameIds: number[]; ok: boolean }>) {
      for (const id of payload.gameIds) {
        if (state.loaded[id] !== 'done') state.loaded[id] = payload.ok ? 'done' : 'failed';
      }
    },
    connectionChanged(state, { payload }: PayloadAction<LiveConnection>) {
      state.connection = payload;
    },
  },
});

export const { snapshotsReceived, latestRequested, latestSettled, connectionChanged } =
  liveSlice.actions;

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
export const selectLiveDraw = (state: RootState, gameId: number): DrawSnapshot | undefined =>
  liveOf(state).draws[gameId];
export const selectLiveDraws = (state: RootState) => liveOf(state).draws;
export const selectLatestLoad = (state: RootState, gameId: number) => liveOf(state).loaded[gameId];
