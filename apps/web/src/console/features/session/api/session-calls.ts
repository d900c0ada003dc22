import type { ConsoleSession, TotpEnrolment } from '@kaijiang/domain';
import { consoleApi } from '../../../shared/api';
import { CONSOLE_API } from '../../../shared/session-api';

const sessionCalls = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<ConsoleSession, { username: string; password: string; code?: string }>({
      query: (body) => ({ url: `${CONSOLE_API}/session`, method: 'POST', body }),
      // A refusal is the form's to show; a session makes the shell ask again who is signed in.
      invalidatesTags: (result) => (result ? ['Session'] : []),
    }),
    claimEnrolment: build.mutation<ConsoleSession, { token: string; password: string }>({
      query: (body) => ({ url: `${CONSOLE_API}/enrol`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Session'] : []),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: `${CONSOLE_API}/session`, method: 'DELETE' }),
      invalidatesTags: ['Session'],
    }),
    beginTotp: build.mutation<TotpEnrolment, void>({
      query: () => ({ url: `${CONSOLE_API}/totp`, method: 'POST' }),
    }),
    confirmTotp: build.mutation<{ recoveryCodes: string[] }, { code: string }>({
      query: (body) => ({ url: `${CONSOLE_API}/totp/confirm`, method: 'POST', body }),
    }),
  }),
});

export const {
  useSignInMutation,
  useClaimEnrolmentMutation,
  useSignOutMutation,
  useBeginTotpMutation,
  useConfirmTotpMutation,
} = sessionCalls;
