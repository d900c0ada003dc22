import { consoleApi } from '../../shared/api';

export type QuestionStatus = 'open' | 'answered' | 'closed';
export interface Question {
  id: number;
  name: string;
  contact: string;
  content: string;
  status: QuestionStatus;
  answer: string;
  createdAt: string;
  answeredAt: string | null;
  memberId: number | null;
}
export const QUESTIONS_PAGE = 20;

const questionsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    questions: build.query<
      { items: Question[]; total: number },
      { status: QuestionStatus | 'all'; page: number }
    >({
      query: ({ status, page }) => {
        const p = new URLSearchParams({ page: String(page), pageSize: String(QUESTIONS_PAGE) });
        if (status !== 'all') p.set('status', status);
        return `/app-api/admin/questions?${p}`;
      },
      providesTags: ['Questions'],
    }),
    answerQuestion: build.mutation<
      Question,
      { id: number; answer: string; status: QuestionStatus }
    >({
      query: ({ id, ...body }) => ({
        url: `/app-api/admin/questions/${id}/answer`,
        method: 'POST',
        body,
      }),
      invalidatesTags: ['Questions', 'Dashboard', 'Audit'],
    }),
  }),
});

export const { useQuestionsQuery, useAnswerQuestionMutation } = questionsApi;
