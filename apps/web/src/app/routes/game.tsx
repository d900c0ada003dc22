import type { Game } from '@kaijiang/domain';
import { useEffect, useState } from 'react';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
import type * as GameExtrasModule from './game-extras';

/**
 * The screen's extras, loaded once the page is the app's (an effect: never in the server's page,
 * and hydration sees the same nothing). Offline they do not show; the failed import is only logged.
 */
function Extras({ game }: { game: Game }) {
  const [extras, setExtras] = useState<typeof GameExtrasModule>();
  useEffect(() => {
    void import('./game-extras').then(setExtras);
  }, []);
  return extras ? <extras.default game={game} /> : null;
}

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => (
  <>
    <LatestDrawCard key={game.id} game={game} links />
    <Extras game={game} />
  </>
);

export function Component() {
  return <GameScreen renderDraw={renderDraw} />;
}

/** The game's latest draw (the screen follows it live). */
export const loader: ScreenLoader = async ({ dispatch }, { params }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await dispatch(latestApi.endpoints.latestDraws.initiate(id, { subscribe: false }));
};
