import type { EnrolLink, OperatorInfo, OperatorRole } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';
import { CONSOLE_API } from '../../shared/session-api';

const operatorsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    operators: build.query<OperatorInfo[], void>({
      query: () => `${CONSOLE_API}/operators`,
      providesTags: ['Operators'],
    }),
    addOperator: build.mutation<
      OperatorInfo & { enrol: EnrolLink },
      { username: string; password: string; role: OperatorRole }
    >({
      query: (body) => ({ url: `${CONSOLE_API}/operators`, method: 'POST', body }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
    issueEnrolLink: build.mutation<EnrolLink, number>({
      query: (id) => ({ url: `${CONSOLE_API}/operators/${id}/enrol-link`, method: 'POST' }),
      invalidatesTags: ['Audit'],
    }),
    changeOperator: build.mutation<
      OperatorInfo,
      { id: number; role?: OperatorRole; disabled?: boolean; resetTotp?: true }
    >({
      query: ({ id, ...body }) => ({
        url: `${CONSOLE_API}/operators/${id}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: ['Operators', 'Audit'],
    }),
  }),
});

export const {
  useOperatorsQuery,
  useAddOperatorMutation,
  useChangeOperatorMutation,
  useIssueEnrolLinkMutation,
} = operatorsApi;
