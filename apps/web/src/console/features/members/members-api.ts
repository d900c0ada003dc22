import type { ConsoleMember } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';
import { CONSOLE_API } from '../../shared/session-api';

export const MEMBERS_PAGE = 20;
export const MEMBER_SORTS = ['newest', 'oldest', 'username'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

const membersApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    members: build.query<
      { total: number; items: ConsoleMember[] },
      { q: string; page: number; sort: MemberSort }
    >({
      query: ({ q, page, sort }) =>
        `${CONSOLE_API}/members?${new URLSearchParams({ q, page: String(page), pageSize: String(MEMBERS_PAGE), sort })}`,
      providesTags: ['Members'],
    }),
    setMemberDisabled: build.mutation<ConsoleMember, { id: number; disabled: boolean }>({
      query: ({ id, disabled }) => ({
        url: `${CONSOLE_API}/members/${id}/${disabled ? 'disable' : 'enable'}`,
        method: 'POST',
      }),
      invalidatesTags: ['Members', 'Audit'],
    }),
    resetMemberPassword: build.mutation<{ temporaryPassword: string }, number>({
      query: (id) => ({ url: `${CONSOLE_API}/members/${id}/reset-password`, method: 'POST' }),
      invalidatesTags: ['Audit'],
    }),
    messageMember: build.mutation<{ id: number }, { id: number; title: string; content: string }>({
      query: ({ id, ...body }) => ({
        url: `${CONSOLE_API}/members/${id}/messages`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const {
  useMembersQuery,
  useSetMemberDisabledMutation,
  useResetMemberPasswordMutation,
  useMessageMemberMutation,
} = membersApi;
