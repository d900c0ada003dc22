import { createSelector } from '@reduxjs/toolkit';
import { getLocale } from '@/shared/i18n';
import type { RootState } from '@/shared/store/root-reducer';
import { toFailure } from './auth-slice';
import { authWords } from './words';

/** What the sign-in and register screens show of their call: sending, or why it failed. */
export interface RequestState {
  processing: boolean;
  error: string | null;
}

const IDLE: RequestState = { processing: false, error: null };

/**
 * The state of the newest `endpoint` call in the query cache (spec §3's `login` and `register`),
 * read from RTK Query's own record of the mutation rather than mirrored in a slice: the screen's
 * call is there while the screen holds it, with the server's words, else ours, when it failed.
 */
function requestState(
  mutations: RootState['api']['mutations'],
  endpoint: 'login' | 'register',
  fallback: 'loginFailed' | 'registerFailed',
): RequestState {
  let newest: (typeof mutations)[string];
  for (const m of Object.values(mutations)) {
    if (m?.endpointName !== endpoint) continue;
    if (!newest || (m.startedTimeStamp ?? 0) >= (newest.startedTimeStamp ?? 0)) newest = m;
  }
  if (!newest || newest.status === 'fulfilled' || newest.status === 'uninitialized') return IDLE;
  if (newest.status === 'pending') return { processing: true, error: null };
  return {
    processing: false,
    error: toFailure(newest.error, authWords[getLocale()][fallback]).message,
  };
}

const mutationsOf = (state: RootState) => state.api.mutations;

export const selectLogin = createSelector([mutationsOf], (m) =>
  requestState(m, 'login', 'loginFailed'),
);
export const selectRegister = createSelector([mutationsOf], (m) =>
  requestState(m, 'register', 'registerFailed'),
);
