import { useMemo } from 'react';
import { featuredGame, LiveScreen } from '@/features/lottery/components/live-screen';
import { drawsOf, latestApi, useLatestDrawsQuery } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import type { ScreenLoader } from '../router/screen';
import type * as LiveChatModule from './live-chat';
import { LoadNear } from './load-near';

const loadChat = () => import('./live-chat');

/** The chat of the game on the stage, below the board, loaded when scrolled near. */
function StageChat() {
  const games = useAppSelector(selectHomeGames);
  const { data } = useLatestDrawsQuery(undefined);
  const draws = useMemo(() => Object.fromEntries(drawsOf(data).map((d) => [d.gameId, d])), [data]);
  const game = featuredGame(games, draws);
  if (!game) return null;
  return (
    <LoadNear load={loadChat}>{(m: typeof LiveChatModule) => <m.default game={game} />}</LoadNear>
  );
}

export function Component() {
  return (
    <div className="kj-stack">
      <LiveScreen />
      <StageChat />
    </div>
  );
}

/** Every home game's latest draw (the screen follows them live). */
export const loader: ScreenLoader = ({ dispatch }) =>
  dispatch(latestApi.endpoints.latestDraws.initiate(undefined, { subscribe: false }));
