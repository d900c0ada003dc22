import { createSlice } from '@reduxjs/toolkit';
import { getAccessToken } from '../storage/storage';
import { sessionEnded, sessionStarted } from './session-actions';

/** Whether a member is signed in: what the guard, the header and member screens read. */
export interface SessionState {
  signedIn: boolean;
}

export const sessionSlice = createSlice({
  name: 'session',
  // Read from storage once, when the page's store is made; the server renders for nobody.
  initialState: (): SessionState => ({
    signedIn: typeof window !== 'undefined' && getAccessToken() !== null,
  }),
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(sessionStarted, (state) => {
        state.signedIn = true;
      })
      .addCase(sessionEnded, (state) => {
        state.signedIn = false;
      });
  },
  selectors: {
    selectSignedIn: (state) => state.signedIn,
  },
});

export const { selectSignedIn } = sessionSlice.selectors;
