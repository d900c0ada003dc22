import type { LoaderFunctionArgs } from 'react-router';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';
import { selectCurrentGame, selectHomeGames } from '@/shared/store/selectors';
import { historyGame, readHistoryParams } from '../model/history-params';
import { historyApi } from './history-api';

/** The history screen's first page (the list tab), from the address as the screen reads it. */
export async function loadHistory(
  { dispatch, getState }: { dispatch: AppDispatch; getState: () => RootState },
  { request }: LoaderFunctionArgs,
) {
  const params = readHistoryParams(new URL(request.url).searchParams);
  const state = getState();
  const gameId =
    historyGame(selectHomeGames(state), selectCurrentGame(state), params)?.id ?? params.gameId;
  if (gameId === undefined) return;
  await dispatch(
    historyApi.endpoints.drawHistory.initiate({ gameId, year: params.year }, { subscribe: false }),
  );
}
