import type { Game } from '@kaijiang/domain';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
import type * as GameExtrasModule from './game-extras';
import { LoadNear } from './load-near';

/** The screen's extras (the chat room, the Hong Kong prize record, the draw calendar) at its foot. */
const loadExtras = () => import('./game-extras');
function Extras({ game }: { game: Game }) {
  return (
    <LoadNear load={loadExtras}>
      {(m: typeof GameExtrasModule) => <m.default game={game} />}
    </LoadNear>
  );
}

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => <LatestDrawCard key={game.id} game={game} links />;
const renderExtras = (game: Game) => <Extras key={game.id} game={game} />;

export function Component() {
  return <GameScreen renderDraw={renderDraw} renderExtras={renderExtras} />;
}

/** The game's latest draw (the screen follows it live). */
export const loader: ScreenLoader = async ({ dispatch }, { params }) => {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) return;
  await dispatch(latestApi.endpoints.latestDraws.initiate(id, { subscribe: false }));
};
