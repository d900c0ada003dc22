import type { Game } from '@kaijiang/domain';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';
import { latestApi } from '@/shared/live/latest-api';
import type { ScreenLoader } from '../router/screen';
import type * as GameExtrasModule from './game-extras';
import { LoadNear } from './load-near';
import './side-chat.css';

/** The screen's extras (the chat room, the Hong Kong prize record, the draw calendar) at its foot. */
const loadExtras = () => import('./game-extras');
function Extras({ game }: { game: Game }) {
  return (
    <LoadNear load={loadExtras}>
      {(m: typeof GameExtrasModule) => <m.default game={game} />}
    </LoadNear>
  );
}

/**
 * On a wide screen the game's chat sits beside its draw: an empty column in the server's page
 * (its place taken from the start, so nothing moves when it fills), filled once the page is the
 * app's. Narrower, the column is not displayed, so its mark never comes into view and the chat
 * comes with the extras at the foot instead.
 */
const SideChat = ({ game }: { game: Game }) => (
  <aside className="kj-side-chat">
    <LoadNear load={loadExtras} mark="kj-side-mark">
      {(m: typeof GameExtrasModule) => <m.default game={game} part="chat" />}
    </LoadNear>
  </aside>
);

/**
 * The draw stage's watcher comes with the extras (no import of its own: the first load's list of
 * files to preload stays as it was), asked for by the card only while a draw is on.
 */
const Stage = ({ game }: { game: Game }) => (
  <LoadNear load={loadExtras} mark="kj-stage-mark">
    {(m: typeof GameExtrasModule) => <m.StageWhenDue game={game} />}
  </LoadNear>
);

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => (
  <div className="kj-stage-row" key={game.id}>
    <LatestDrawCard game={game} links stage={<Stage game={game} />} />
    <SideChat game={game} />
  </div>
);
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
