import {
  loadCompany,
  loadFiveElements,
  loadGames,
  loadNotices,
  loadSettings,
  setCurrentGame,
} from '@/shared/store/app-slice';
import type { AppDispatch } from '@/shared/store/hooks';
import type { RootState } from '@/shared/store/root-reducer';

/**
 * Start-up (spec §4): settings, notices and the company record load side by side; the game list
 * waits for the five-elements data, loads only if nothing is there yet, and its first game becomes
 * the current game. Failures were logged by the loaders; start-up never throws.
 */
export async function startup(dispatch: AppDispatch, getState: () => RootState): Promise<void> {
  const parallel = [dispatch(loadSettings()), dispatch(loadNotices()), dispatch(loadCompany())];
  await dispatch(loadFiveElements());
  if (getState().app.games.length === 0) await dispatch(loadGames());
  const first = getState().app.games[0];
  if (first && !getState().app.currentGame) dispatch(setCurrentGame(first.id));
  await Promise.allSettled(parallel);
}
