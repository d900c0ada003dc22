// The authentication state of spec §3 and its transitions (§4), kept from the member calls of
// the query cache (features/auth/api). Injected into the store when the first auth screen loads,
// so none of it is in the first load of the home screen.
import {
  createSelector,
  createSlice,
  type PayloadAction,
  type UnknownAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { DEFAULT_REBATE, type ExtInfo, type UserInfo } from '@kaijiang/domain';
import type { CallError } from '@/shared/api/base-query';
import { getLocale } from '@/shared/i18n';
import { rootReducer, type RootState } from '@/shared/store/root-reducer';
import { sessionEnded } from '@/shared/store/session-actions';
import { authApi } from '../api/auth-api';
import { authWords, type AuthWords } from './words';

/** What a failed call leaves for the screen: the server's words and its field → message map. */
export interface AuthFailure {
  message: string;
  code?: string;
  status?: number;
  fields?: Record<string, string>;
}

export interface ProfileData {
  extInfo: Partial<ExtInfo>;
  userInfo: Partial<UserInfo> & { rebate: number };
}

export interface PasswordChangeState {
  /**
   * Part of the spec's state shape, deliberately always empty: the form keeps what is typed, so
   * a password never sits in the store (devtools, error reports, state snapshots).
   */
  newPassword: string;
  loading: boolean;
  data: boolean | null;
  error: string | null;
}

export interface AuthState {
  hasWithdrawPassword: boolean;
  profile: { data: ProfileData; processing: boolean; error: string | null };
  /** Sign-in with a demo account; the state exists in the spec, the call does not yet. */
  testLogin: { error: string | null; processing: boolean };
  withdrawPassword: PasswordChangeState;
  loginPassword: PasswordChangeState;
}

export const defaultProfile = (): ProfileData => ({
  extInfo: {},
  userInfo: { rebate: DEFAULT_REBATE },
});

const idlePassword = (): PasswordChangeState => ({
  newPassword: '',
  loading: false,
  data: null,
  error: null,
});

export const initialAuthState: AuthState = {
  hasWithdrawPassword: false,
  profile: { data: defaultProfile(), processing: false, error: null },
  testLogin: { error: null, processing: false },
  withdrawPassword: idlePassword(),
  loginPassword: idlePassword(),
};

/** A failed call (a CallError of the query cache) as the screens use it. */
export function toFailure(error: unknown, fallback: string): AuthFailure {
  const e = error as Partial<CallError> | null | undefined;
  if (!e || typeof e !== 'object' || typeof e.message !== 'string') return { message: fallback };
  const fields =
    e.data && typeof e.data === 'object' && !Array.isArray(e.data)
      ? Object.fromEntries(
          Object.entries(e.data as Record<string, unknown>).filter(
            (f): f is [string, string] => typeof f[1] === 'string',
          ),
        )
      : undefined;
  return {
    message: e.message || fallback,
    code: e.code,
    status: e.status,
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

/** Our own words for a failure the server did not explain, in the language of that moment. */
const said = (key: keyof AuthWords): string => authWords[getLocale()][key];

const e = authApi.endpoints;

/** The server's words of a failed call, else ours; a skipped call (already cached) is no failure. */
function failureOf(action: UnknownAction, fallback: keyof AuthWords): string | null {
  const meta = (action as { meta?: { condition?: boolean } }).meta;
  if (meta?.condition) return null;
  return toFailure((action as { payload?: unknown }).payload, said(fallback)).message;
}

const passwordKey = (action: { meta: { arg: { originalArgs: { type: string } } } }) =>
  action.meta.arg.originalArgs.type === 'login' ? 'loginPassword' : 'withdrawPassword';

const isTokenInvalid = (action: UnknownAction) => {
  const error = (action as { payload?: Partial<CallError> }).payload;
  return error?.status === 400 && error.code === 'UC/TOKEN_INVALID';
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Opening a password form again starts from a clean state. */
    passwordFormReset(state, action: PayloadAction<'login' | 'withdraw'>) {
      state[action.payload === 'login' ? 'loginPassword' : 'withdrawPassword'] = idlePassword();
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectProfile: (state) => state.profile,
    selectLoginPassword: (state) => state.loginPassword,
    selectWithdrawPassword: (state) => state.withdrawPassword,
    selectHasWithdrawPassword: (state) => state.hasWithdrawPassword,
  },
  extraReducers: (builder) => {
    builder
      .addCase(sessionEnded, (state) => signedOut(state))
      .addMatcher(e.profile.matchPending, (state) => {
        state.profile.processing = true;
        state.profile.error = null;
      })
      .addMatcher(e.profile.matchFulfilled, (state, action) => {
        state.profile.processing = false;
        state.profile.data = {
          extInfo: action.payload.extInfo ?? {},
          userInfo: {
            ...action.payload.userInfo,
            rebate: action.payload.userInfo?.rebate ?? DEFAULT_REBATE,
          },
        };
        state.hasWithdrawPassword = Boolean(action.payload.userInfo?.hasWithdrawPassword);
      })
      .addMatcher(e.profile.matchRejected, (state, action) => {
        if (action.meta.condition) return;
        state.profile.processing = false;
        // A dead token already signed the member out (sessionEnded): the profile is the default.
        if (isTokenInvalid(action)) return;
        // Spec §8: a failed profile fetch is only logged, and shown where the profile is.
        console.warn('kaijiang: loading the profile failed', action.payload ?? action.error);
        state.profile.error = failureOf(action, 'profileFailed');
      })
      .addMatcher(e.updateProfile.matchFulfilled, (state, action) => {
        state.profile.data.userInfo = { ...state.profile.data.userInfo, ...action.payload };
      })
      .addMatcher(e.updatePassword.matchPending, (state, action) => {
        state[passwordKey(action)] = { ...idlePassword(), loading: true };
      })
      .addMatcher(e.updatePassword.matchFulfilled, (state, action) => {
        const key = passwordKey(action);
        state[key] = { ...idlePassword(), data: action.payload };
        if (key === 'withdrawPassword') {
          state.hasWithdrawPassword = true;
          state.profile.data.userInfo.hasWithdrawPassword = true;
        }
      })
      .addMatcher(e.updatePassword.matchRejected, (state, action) => {
        state[passwordKey(action)] = {
          ...idlePassword(),
          error: failureOf(action, 'changeFailedShort'),
        };
      });
  },
});

/** Spec §4: the profile back to its default; nothing of the member stays in the store. */
function signedOut(state: AuthState): void {
  state.profile = { data: defaultProfile(), processing: false, error: null };
  state.hasWithdrawPassword = false;
  state.loginPassword = idlePassword();
  state.withdrawPassword = idlePassword();
}

declare module '@/shared/store/root-reducer' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof authSlice> {}
}

export const injectedAuthSlice = authSlice.injectInto(rootReducer);
export const {
  selectAuth,
  selectProfile,
  selectLoginPassword,
  selectWithdrawPassword,
  selectHasWithdrawPassword,
} = injectedAuthSlice.selectors;
export const { passwordFormReset } = authSlice.actions;

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
