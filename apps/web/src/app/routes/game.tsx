import type { Game } from '@kaijiang/domain';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => <LatestDrawCard key={game.id} game={game} links />;

export function Component() {
  return <GameScreen renderDraw={renderDraw} />;
}

/** The game's latest draw (the screen follows it live). */
export const loader: ScreenLoader = async ({ dispatch }, { params }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await dispatch(latestApi.endpoints.latestDraws.initiate(id, { subscribe: false }));
};
