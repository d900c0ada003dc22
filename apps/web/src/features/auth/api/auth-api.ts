import type { PasswordType, Profile, UserInfo } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX, type CallError } from '@/shared/api/base-query';
import { clearMemberTokens, storage } from '@/shared/storage/storage';
import type { AppDispatch } from '@/shared/store/hooks';
import { sessionEnded, sessionStarted } from '@/shared/store/session-actions';

export interface Credentials {
  username: string;
  password: string;
}

export interface RegisterInput extends Credentials {
  nickname?: string;
  phone?: string;
}

export interface ProfileInput {
  nickname: string;
  phone: string;
}

export interface PasswordInput {
  type: PasswordType;
  oldPassword?: string;
  newPassword: string;
}

/** What a member changes; a new member must never see the cached answers of the one before. */
const MEMBER_TAGS = ['Member', 'Collection', 'Message'] as const;

/** Spec §4: the token is kept as access_token, then the store learns the member is signed in. */
function signIn(dispatch: AppDispatch, token: string): void {
  storage.set('access_token', token);
  dispatch(api.util.invalidateTags([...MEMBER_TAGS]));
  dispatch(sessionStarted());
}

/**
 * The server decides one sign-in per address at a time (issue 11): visitors behind one carrier
 * address who sign in at the same moment get a 429 with a short Retry-After. That wait is
 * taken, twice at most; a lockout (minutes) is shown as it is.
 */
async function takingShortWaits<R extends { error?: unknown }>(
  run: () => R | PromiseLike<R>,
): Promise<R> {
  for (let attempt = 0; ; attempt++) {
    const r = await run();
    const e = r.error as CallError | undefined;
    const wait = e?.status === 429 ? e.retryAfterMs : undefined;
    if (attempt >= 2 || wait === undefined || wait > 2000) return r;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/** docs/architecture.md §4: login and registration answer an opaque token. */
const tokenOf = (data: unknown) => (data as { token: string }).token;

/**
 * The member's calls (docs/architecture.md §4). Login and registration store the token before they answer, so
 * a screen that navigates on success finds the member signed in.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<string, Credentials>({
      async queryFn(body, { dispatch }, _extra, baseQuery) {
        const url = `${API_PREFIX.versioned}/user/login`;
        const r = await takingShortWaits(() => baseQuery({ url, method: 'POST', body }));
        if (r.error) return { error: r.error as CallError };
        signIn(dispatch as AppDispatch, tokenOf(r.data));
        return { data: tokenOf(r.data) };
      },
    }),
    register: build.mutation<string, RegisterInput>({
      async queryFn(input, { dispatch }, _extra, baseQuery) {
        // Empty optional fields are left out rather than sent blank.
        const body = Object.fromEntries(Object.entries(input).filter(([, v]) => v));
        const url = `${API_PREFIX.versioned}/user/reg`;
        const r = await takingShortWaits(() => baseQuery({ url, method: 'POST', body }));
        if (r.error) return { error: r.error as CallError };
        signIn(dispatch as AppDispatch, tokenOf(r.data));
        return { data: tokenOf(r.data) };
      },
    }),
    /** Spec §4: never fails; true when the server ended the session. Every token goes either way. */
    logout: build.mutation<boolean, void>({
      async queryFn(_arg, { dispatch }, _extra, baseQuery) {
        const r = await baseQuery({ url: `${API_PREFIX.versioned}/user/logout`, member: true });
        if (r.error) console.warn('logout failed', r.error);
        clearMemberTokens();
        dispatch(sessionEnded());
        return { data: !r.error };
      },
    }),
    /** docs/architecture.md §4: `_t` defeats caches between the page and us. */
    profile: build.query<Profile, void>({
      query: () => ({ url: '/api/user/info', params: { _t: Date.now() }, member: true }),
      providesTags: ['Member'],
    }),
    /** Sends every field: an empty one clears it. Answers the stored profile. */
    updateProfile: build.mutation<UserInfo, ProfileInput>({
      query: (body) => ({ url: '/api/user/updateInfo', method: 'POST', body, member: true }),
      invalidatesTags: ['Member'],
    }),
    /** A picture file: checked and cleaned by the server, then the member's avatar. */
    uploadAvatar: build.mutation<UserInfo, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/user/avatar', method: 'POST', body, member: true };
      },
      invalidatesTags: ['Member'],
    }),
    /**
     * The spec sends these as query parameters; docs/architecture.md §4 moves them into the POST body, because
     * a URL ends up in logs and browser history (the server refuses them in the query string).
     */
    updatePassword: build.mutation<boolean, PasswordInput>({
      query: ({ type, oldPassword, newPassword }) => ({
        url: '/api/user/updatePassword',
        member: true,
        method: 'POST',
        body: { type, newPassword, ...(oldPassword ? { oldPassword } : {}) },
      }),
      invalidatesTags: (_r, error, arg) => (!error && arg.type === 'withdraw' ? ['Member'] : []),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useProfileQuery,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useUpdatePasswordMutation,
} = authApi;
