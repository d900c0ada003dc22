// The session calls every part of the console needs (the shell, the re-authentication dialog).
import type { ConsoleSession } from '@kaijiang/domain';
import { consoleApi } from './api';

export const CONSOLE_API = '/app-api/admin/console';

export const sessionApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    session: build.query<ConsoleSession | null, void>({
      query: () => `${CONSOLE_API}/session`,
      providesTags: ['Session'],
    }),
    reauth: build.mutation<ConsoleSession, { password?: string; code?: string }>({
      query: (body) => ({ url: `${CONSOLE_API}/reauth`, method: 'POST', body }),
      // The session's reauthUntil changes; nothing else does.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        // A refusal is the caller's to show (the form); only a session replaces the cached one.
        const r = await queryFulfilled.catch(() => null);
        if (r) dispatch(sessionApi.util.upsertQueryData('session', undefined, r.data));
      },
    }),
  }),
});

export const { useSessionQuery, useReauthMutation } = sessionApi;
