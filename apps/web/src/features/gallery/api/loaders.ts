import type { LoaderFunctionArgs } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { selectHomeGames } from '@/shared/store/selectors';
import { gridChoice, idOf, yearOf } from '../model/gallery-address';
import { seriesDetailApi } from './series-detail';
import { seriesIssueApi } from './series-issue';
import { seriesIssuesApi } from './series-issues';
import { seriesListApi } from './series-list';
import { yearSheetApi } from './year-sheet';

// What each gallery screen reads first, from the same address the screen reads: the server
// renders the series grid and the viewer with them (app/router/screen.ts, entry-server.tsx).

interface Store {
  dispatch: AppDispatch;
  getState: () => RootState;
}

const once = { subscribe: false } as const;

export const loadSeriesGrid = async (
  { dispatch, getState }: Store,
  { request }: LoaderFunctionArgs,
) => {
  const choice = gridChoice(selectHomeGames(getState()), new URL(request.url).searchParams);
  // The 收藏 tab is this member's or device's: the server renders for nobody.
  if (choice.gameId !== null) {
    await dispatch(seriesListApi.endpoints.gallerySeries.initiate(choice.arg, once));
  }
};

export const loadSeries = async ({ dispatch }: Store, { params }: LoaderFunctionArgs) => {
  const seriesId = idOf(params.seriesId);
  if (seriesId === null) return;
  await Promise.all([
    dispatch(seriesDetailApi.endpoints.gallerySeriesDetail.initiate(seriesId, once)),
    dispatch(seriesIssuesApi.endpoints.galleryIssues.initiate(seriesId, once)),
  ]);
};

export const loadIssue = async ({ dispatch }: Store, { params }: LoaderFunctionArgs) => {
  const seriesId = idOf(params.seriesId);
  const issue = params.issue ?? '';
  if (seriesId === null || !/^\d{1,16}$/.test(issue)) return;
  await dispatch(seriesIssueApi.endpoints.galleryIssue.initiate({ seriesId, issue }, once));
};

export const loadYear = async ({ dispatch }: Store, { params }: LoaderFunctionArgs) => {
  const seriesId = idOf(params.seriesId);
  const year = yearOf(params.year);
  if (seriesId === null || year === null) return;
  await Promise.all([
    dispatch(seriesDetailApi.endpoints.gallerySeriesDetail.initiate(seriesId, once)),
    dispatch(yearSheetApi.endpoints.galleryYear.initiate({ seriesId, year }, once)),
  ]);
};

/** The loader of the one route of the four screens (components/gallery-pages.tsx). */
export const loadGallery = (store: Store, args: LoaderFunctionArgs) => {
  const { seriesId, issue, year } = args.params;
  if (year !== undefined) return loadYear(store, args);
  if (issue !== undefined) return loadIssue(store, args);
  if (seriesId !== undefined) return loadSeries(store, args);
  return loadSeriesGrid(store, args);
};
