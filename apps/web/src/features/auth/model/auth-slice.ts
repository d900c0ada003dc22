// The authentication state of spec §3 and its transitions (§4). Injected into the store when the
// first auth screen loads, so none of it is in the first load of the home screen.
import {
  createAsyncThunk,
  createSlice,
  type PayloadAction,
  type WithSlice,
} from '@reduxjs/toolkit';
import { DEFAULT_REBATE, type ExtInfo, type Profile, type UserInfo } from '@kaijiang/domain';
import { isApiError } from '@/shared/api/api-error';
import { getLocale } from '@/shared/i18n';
import { storage } from '@/shared/storage/storage';
import { rootReducer } from '@/shared/store/root-reducer';
import { sessionEnded } from '@/shared/store/session-actions';
import { getProfile } from '../api/get-profile';
import { login as loginCall } from '../api/login';
import { logout as logoutCall } from '../api/logout';
import { register as registerCall, type RegisterInput } from '../api/register';
import { updatePassword } from '../api/update-password';
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
  login: { error: string | null; processing: boolean };
  profile: { data: ProfileData; processing: boolean; error: string | null };
  register: { error: string | null; processing: boolean };
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
  login: { error: null, processing: false },
  profile: { data: defaultProfile(), processing: false, error: null },
  register: { error: null, processing: false },
  testLogin: { error: null, processing: false },
  withdrawPassword: idlePassword(),
  loginPassword: idlePassword(),
};

export function toFailure(error: unknown, fallback: string): AuthFailure {
  if (!isApiError(error)) return { message: fallback };
  const fields =
    error.data && typeof error.data === 'object' && !Array.isArray(error.data)
      ? Object.fromEntries(
          Object.entries(error.data as Record<string, unknown>).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
      : undefined;
  return {
    message: error.message || fallback,
    code: error.code,
    status: error.status,
    ...(fields && Object.keys(fields).length > 0 ? { fields } : {}),
  };
}

type Reject = { rejectValue: AuthFailure };

/** Our own words for a failure the server did not explain, in the language of that moment. */
const said = (key: keyof AuthWords): string => authWords[getLocale()][key];

/** Spec §4: the token is saved as access_token; `unwrap()` re-throws a failure to the form. */
export const login = createAsyncThunk<string, { username: string; password: string }, Reject>(
  'auth/login',
  async (input, { rejectWithValue }) => {
    try {
      const token = await loginCall(input);
      storage.set('access_token', token);
      return token;
    } catch (error) {
      return rejectWithValue(toFailure(error, said('loginFailed')));
    }
  },
);

export const register = createAsyncThunk<string, RegisterInput, Reject>(
  'auth/register',
  async (input, { rejectWithValue }) => {
    try {
      const token = await registerCall(input);
      storage.set('access_token', token);
      return token;
    } catch (error) {
      return rejectWithValue(toFailure(error, said('registerFailed')));
    }
  },
);

/** Never rejects: true when the server ended the session, false otherwise (tokens go anyway). */
export const logout = createAsyncThunk<boolean>('auth/logout', () => logoutCall());

export const fetchProfile = createAsyncThunk<Profile, void, Reject>(
  'auth/fetchProfile',
  async (_arg, { rejectWithValue }) => {
    try {
      return await getProfile();
    } catch (error) {
      // Spec §8: a failed profile fetch is only logged (a dead token is handled by the reducer).
      console.warn('kaijiang: loading the profile failed', error);
      return rejectWithValue(toFailure(error, said('profileFailed')));
    }
  },
);

function passwordThunk(type: 'login' | 'withdraw') {
  return createAsyncThunk<boolean, { oldPassword?: string; newPassword: string }, Reject>(
    `auth/${type}Password`,
    async (input, { rejectWithValue }) => {
      try {
        return await updatePassword({ type, ...input });
      } catch (error) {
        return rejectWithValue(toFailure(error, said('changeFailed')));
      }
    },
  );
}
export const changeLoginPassword = passwordThunk('login');
export const changeWithdrawPassword = passwordThunk('withdraw');

const isTokenInvalid = (f: AuthFailure | undefined) =>
  f?.status === 400 && f.code === 'UC/TOKEN_INVALID';

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    profileUpdated(state, action: PayloadAction<UserInfo>) {
      state.profile.data.userInfo = { ...state.profile.data.userInfo, ...action.payload };
    },
    /** Opening a password form again starts from a clean state. */
    passwordFormReset(state, action: PayloadAction<'login' | 'withdraw'>) {
      state[action.payload === 'login' ? 'loginPassword' : 'withdrawPassword'] = idlePassword();
    },
    authErrorsCleared(state) {
      state.login.error = null;
      state.register.error = null;
    },
  },
  selectors: {
    selectAuth: (state) => state,
    selectProfile: (state) => state.profile,
    selectLogin: (state) => state.login,
    selectRegister: (state) => state.register,
    selectLoginPassword: (state) => state.loginPassword,
    selectWithdrawPassword: (state) => state.withdrawPassword,
    selectHasWithdrawPassword: (state) => state.hasWithdrawPassword,
  },
  extraReducers: (builder) => {
    builder
      .addCase(login.pending, (state) => {
        state.login.processing = true;
        state.login.error = null;
      })
      .addCase(login.fulfilled, (state) => {
        state.login.processing = false;
      })
      .addCase(login.rejected, (state, action) => {
        state.login.processing = false;
        state.login.error = action.payload?.message ?? said('loginFailed');
      })
      .addCase(register.pending, (state) => {
        state.register.processing = true;
        state.register.error = null;
      })
      .addCase(register.fulfilled, (state) => {
        state.register.processing = false;
      })
      .addCase(register.rejected, (state, action) => {
        state.register.processing = false;
        state.register.error = action.payload?.message ?? said('registerFailed');
      })
      .addCase(logout.fulfilled, (state) => signedOut(state))
      .addCase(sessionEnded, (state) => signedOut(state))
      .addCase(fetchProfile.pending, (state) => {
        state.profile.processing = true;
        state.profile.error = null;
      })
      .addCase(fetchProfile.fulfilled, (state, action) => {
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
      .addCase(fetchProfile.rejected, (state, action) => {
        state.profile.processing = false;
        if (isTokenInvalid(action.payload)) {
          signedOut(state);
          return;
        }
        state.profile.error = action.payload?.message ?? said('profileFailed');
      });

    for (const [thunk, key] of [
      [changeLoginPassword, 'loginPassword'],
      [changeWithdrawPassword, 'withdrawPassword'],
    ] as const) {
      builder
        .addCase(thunk.pending, (state) => {
          state[key] = { ...idlePassword(), loading: true };
        })
        .addCase(thunk.fulfilled, (state, action) => {
          state[key] = { ...idlePassword(), data: action.payload };
          if (key === 'withdrawPassword') {
            state.hasWithdrawPassword = true;
            state.profile.data.userInfo.hasWithdrawPassword = true;
          }
        })
        .addCase(thunk.rejected, (state, action) => {
          state[key] = {
            ...idlePassword(),
            error: action.payload?.message ?? said('changeFailedShort'),
          };
        });
    }
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
  selectLogin,
  selectRegister,
  selectLoginPassword,
  selectWithdrawPassword,
  selectHasWithdrawPassword,
} = injectedAuthSlice.selectors;
export const { profileUpdated, passwordFormReset, authErrorsCleared } = authSlice.actions;
