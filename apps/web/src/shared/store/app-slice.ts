import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** What the visitor is looking at; the site's data itself is in the query cache (shared/api). */
export interface AppState {
  /** The game of the last game screen; the first game until one says otherwise. */
  currentGameId: number | null;
}

export const initialAppState: AppState = { currentGameId: null };

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    setCurrentGame(state, action: PayloadAction<number>) {
      state.currentGameId = action.payload;
    },
  },
});

export const { setCurrentGame } = appSlice.actions;
