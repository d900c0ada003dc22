import type { Game } from '@kaijiang/domain';
import { useMemo } from 'react';
import { featuredGame, LiveScreen } from '@/features/lottery/components/live-screen';
import { drawsOf, latestApi, useLatestDrawsQuery } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import type { ScreenLoader } from '../router/screen';
import type * as LiveChatModule from './live-chat';
import { LoadNear } from './load-near';
import './side-chat.css';

const loadChat = () => import('./live-chat');
const loadStage = () => import('@/features/lottery/components/stage-when-due');
type StageModule = Awaited<ReturnType<typeof loadStage>>;

/** The draw stage of the game on the stage, in its own chunk (keyed: a new game, a new stage). */
const stage = (game: Game) => (
  <LoadNear key={game.id} load={loadStage} mark="kj-stage-mark">
    {(m: StageModule) => <m.default game={game} />}
  </LoadNear>
);

/**
 * The chat of the game on the stage, loaded when scrolled near: in a column beside the board on
 * a wide screen (`side`; not displayed narrower, so its mark never shows), at the foot otherwise.
 */
function StageChat({ side = false }: { side?: boolean }) {
  const games = useAppSelector(selectHomeGames);
  const { data } = useLatestDrawsQuery(undefined);
  const draws = useMemo(() => Object.fromEntries(drawsOf(data).map((d) => [d.gameId, d])), [data]);
  const game = featuredGame(games, draws);
  if (!game) return null;
  return (
    <LoadNear load={loadChat} mark={side ? 'kj-side-mark' : undefined}>
      {(m: typeof LiveChatModule) => <m.default game={game} side={side} />}
    </LoadNear>
  );
}

export function Component() {
  return (
    <div className="kj-live-row">
      <div className="kj-stack">
        <LiveScreen stage={stage} />
        <StageChat />
      </div>
      <aside className="kj-side-chat">
        <StageChat side />
      </aside>
    </div>
  );
}

/** Every home game's latest draw (the screen follows them live). */
export const loader: ScreenLoader = ({ dispatch }) =>
  dispatch(latestApi.endpoints.latestDraws.initiate(undefined, { subscribe: false }));
