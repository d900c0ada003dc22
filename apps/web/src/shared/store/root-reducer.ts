import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../api/api';
import { appSlice } from './app-slice';
import { sessionSlice } from './session-slice';

/** Features add their slices with `rootReducer.inject(slice)` and declare them here by merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(
  appSlice,
  sessionSlice,
  api,
).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
