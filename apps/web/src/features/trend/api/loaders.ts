import type { LoaderFunctionArgs } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { selectGames } from '@/shared/store/selectors';
import { limitOf, readTrendParams } from '../model/trend-params';
import { trendApi } from './trend-api';

/** The chart in the address, as the screen reads it (the server renders it with this). */
export async function loadTrend(
  { dispatch, getState }: { dispatch: AppDispatch; getState: () => RootState },
  { request, params }: LoaderFunctionArgs,
) {
  const gameId = Number(params.gameId);
  if (!Number.isSafeInteger(gameId) || gameId <= 0) return;
  const { kind, range } = readTrendParams(new URL(request.url).searchParams);
  const game = selectGames(getState()).find((g) => g.id === gameId);
  await dispatch(
    trendApi.endpoints.drawTrend.initiate(
      { gameId, kind, limit: limitOf(range, game) },
      { subscribe: false },
    ),
  );
}
