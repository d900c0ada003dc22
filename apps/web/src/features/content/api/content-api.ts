import {
  NEWS_PAGE_SIZE,
  type Faq,
  type NewsCategory,
  type NewsDetail,
  type NewsPage,
  type QuestionInput,
  type TeamCondition,
} from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';
import { pageByPage } from '@/shared/api/paged-list';

const V2 = API_PREFIX.v2;
const part = encodeURIComponent;

/** The content of the site: news, questions, team conditions (docs/architecture.md §4). */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** News of a category (null: every category), page by page. */
    news: build.infiniteQuery<NewsPage, NewsCategory | null, number>({
      infiniteQueryOptions: pageByPage,
      keepUnusedDataFor: 0,
      query: ({ queryArg: category, pageParam: page }) => ({
        url: `${V2}/news`,
        params: { category, page, pageSize: NEWS_PAGE_SIZE },
      }),
    }),
    /** The server counts a view for each call. */
    newsDetail: build.query<NewsDetail, string>({
      query: (id) => `${V2}/news/${part(id)}`,
    }),
    faqs: build.query<Faq[], void>({ query: () => `${V2}/faqs` }),
    teamConditions: build.query<TeamCondition[], void>({ query: () => `${V2}/team-conditions` }),
    submitQuestion: build.mutation<true, QuestionInput>({
      query: (body) => ({ url: `${V2}/questions`, method: 'POST', body }),
    }),
  }),
});

export const {
  useNewsInfiniteQuery,
  useNewsDetailQuery,
  useFaqsQuery,
  useTeamConditionsQuery,
  useSubmitQuestionMutation,
} = contentApi;
