import type { LoaderFunctionArgs } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { parseCategory } from '../model/categories';
import { contentApi } from './content-api';

// What each content screen reads first, from the same address the screen reads (the route
// modules under app/routes/ export them as their loaders).

interface Store {
  dispatch: AppDispatch;
  getState: () => RootState;
}

const e = contentApi.endpoints;
const once = { subscribe: false } as const;
const searchOf = (request: Request) => new URL(request.url).searchParams;

export const loadNews = async ({ dispatch }: Store, { request }: LoaderFunctionArgs) =>
  dispatch(e.news.initiate(parseCategory(searchOf(request).get('category')) ?? null, once));

export const loadNewsDetail = async ({ dispatch }: Store, { params }: LoaderFunctionArgs) =>
  dispatch(e.newsDetail.initiate(params.newsId ?? '', once));

export const loadTeamConditions = async ({ dispatch }: Store) =>
  dispatch(e.teamConditions.initiate(undefined, once));

export const loadFaqs = async ({ dispatch }: Store) => dispatch(e.faqs.initiate(undefined, once));
