import type { NewsCategory, NewsDetail, NewsSummary } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

const ADMIN = '/app-api/admin';
export const NEWS_PAGE = 20;

export type AdminNewsSummary = NewsSummary & { active: boolean };
export type AdminNews = NewsDetail & { active: boolean; updatedAt: string };
export interface NewsInput {
  title: string;
  cover: string;
  summary: string;
  body: string;
  category: NewsCategory;
  publishedAt?: string;
  active: boolean;
}

const newsApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    newsList: build.query<{ items: AdminNewsSummary[]; total: number }, number>({
      query: (page) => `${ADMIN}/news?page=${page}&pageSize=${NEWS_PAGE}`,
      providesTags: ['News'],
    }),
    newsItem: build.query<AdminNews, number>({
      query: (id) => `${ADMIN}/news/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'News', id }],
    }),
    createNews: build.mutation<AdminNews, NewsInput>({
      query: (body) => ({ url: `${ADMIN}/news`, method: 'POST', body }),
      invalidatesTags: ['News', 'Audit'],
    }),
    updateNews: build.mutation<AdminNews, NewsInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `${ADMIN}/news/${id}`, method: 'PUT', body }),
      invalidatesTags: ['News', 'Audit'],
    }),
    deleteNews: build.mutation<unknown, number>({
      query: (id) => ({ url: `${ADMIN}/news/${id}`, method: 'DELETE' }),
      invalidatesTags: ['News', 'Audit'],
    }),
    uploadImage: build.mutation<{ path: string; contentType: string; size: number }, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: `${ADMIN}/uploads`, method: 'POST', body: form };
      },
    }),
  }),
});

export const {
  useNewsListQuery,
  useNewsItemQuery,
  useCreateNewsMutation,
  useUpdateNewsMutation,
  useDeleteNewsMutation,
  useUploadImageMutation,
} = newsApi;

/** An upload path as the page shows it (relative paths live under /sys-upload). */
export const imageSrc = (p: string): string =>
  /^(https?:)?\/\//.test(p) || p.startsWith('/') ? p : `/sys-upload/${p}`;
