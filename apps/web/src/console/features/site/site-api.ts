import type { Company, ConfigEntry } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

const ADMIN = '/app-api/admin';

export interface Notice {
  id: number;
  content: string;
  sort: number;
  active: boolean;
}
export interface AdminFaq {
  id: number;
  question: string;
  answer: string;
  sort: number;
  active: boolean;
}
export interface TeamRow {
  tier: string;
  requirement: string;
  benefit: string;
}
export type CompanyPatch = Partial<Omit<Company, 'code'>>;

const siteApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    notices: build.query<Notice[], void>({
      query: () => `${ADMIN}/notices`,
      providesTags: ['Site'],
    }),
    saveNotice: build.mutation<Notice, Partial<Notice> & { id?: number }>({
      query: ({ id, ...body }) =>
        id === undefined
          ? { url: `${ADMIN}/notices`, method: 'POST', body }
          : { url: `${ADMIN}/notices/${id}`, method: 'PUT', body },
      invalidatesTags: ['Site', 'Audit'],
    }),
    deleteNotice: build.mutation<unknown, number>({
      query: (id) => ({ url: `${ADMIN}/notices/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Site', 'Audit'],
    }),
    faqs: build.query<AdminFaq[], void>({
      query: () => `${ADMIN}/faqs`,
      providesTags: ['Site'],
    }),
    saveFaq: build.mutation<AdminFaq, Partial<AdminFaq> & { id?: number }>({
      query: ({ id, ...body }) =>
        id === undefined
          ? { url: `${ADMIN}/faqs`, method: 'POST', body }
          : { url: `${ADMIN}/faqs/${id}`, method: 'PUT', body },
      invalidatesTags: ['Site', 'Audit'],
    }),
    deleteFaq: build.mutation<unknown, number>({
      query: (id) => ({ url: `${ADMIN}/faqs/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Site', 'Audit'],
    }),
    company: build.query<Company, void>({
      query: () => `${ADMIN}/company`,
      providesTags: ['Site'],
    }),
    saveCompany: build.mutation<Company, CompanyPatch>({
      query: (body) => ({ url: `${ADMIN}/company`, method: 'PUT', body }),
      invalidatesTags: ['Site', 'Audit'],
    }),
    teamRows: build.query<TeamRow[], void>({
      query: () => `${ADMIN}/team-conditions`,
      providesTags: ['Site'],
    }),
    saveTeamRows: build.mutation<TeamRow[], TeamRow[]>({
      query: (rows) => ({ url: `${ADMIN}/team-conditions`, method: 'PUT', body: { rows } }),
      invalidatesTags: ['Site', 'Audit'],
    }),
    settings: build.query<ConfigEntry[], void>({
      query: () => `${ADMIN}/settings`,
      providesTags: ['Site'],
    }),
    saveHomeGames: build.mutation<ConfigEntry[], number[]>({
      query: (gameIds) => ({
        url: `${ADMIN}/settings/home-games`,
        method: 'PUT',
        body: { gameIds },
      }),
      invalidatesTags: ['Site', 'Audit'],
    }),
  }),
});

export const {
  useNoticesQuery,
  useSaveNoticeMutation,
  useDeleteNoticeMutation,
  useFaqsQuery,
  useSaveFaqMutation,
  useDeleteFaqMutation,
  useCompanyQuery,
  useSaveCompanyMutation,
  useSettingsQuery,
  useSaveHomeGamesMutation,
  useTeamRowsQuery,
  useSaveTeamRowsMutation,
} = siteApi;
