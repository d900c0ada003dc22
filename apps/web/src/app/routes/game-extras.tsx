import { chatRoomOf, type Game } from '@kaijiang/domain';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { DrawCalendar } from '@/features/calendar/components/draw-calendar';
import { PrizeSection } from '@/features/lottery/components/prize-section';
import { lazy, Suspense } from 'react';
import { useMediaQuery } from '@/shared/lib/use-media-query';

// Its own chunk: its stylesheet in this chunk's list of files would be one more name in the game
// route's list of what to preload (the first load has no bytes to spare), and the extras chunk
// keeps within its budget.
const LazyAlert = lazy(() =>
  import('@/features/push/components/draw-alert-button').then((m) => ({
    default: m.DrawAlertButton,
  })),
);
/** The slot keeps the card's height while its code arrives, so nothing below it moves. */
const DrawAlertButton = ({ game }: { game: Game }) => (
  <Suspense fallback={<div className="kj-card" style={{ minHeight: 76 }} aria-hidden="true" />}>
    <LazyAlert game={game} />
  </Suspense>
);

export { default as StageWhenDue } from '@/features/lottery/components/stage-when-due';

/**
 * What a game screen shows below its draw once the page is the app's: the draw alert (Web Push),
 * the game's chat room, the prize record of a Hong Kong draw and the game's draw calendar. One chunk of its own, so none
 * of it weighs on the first load.
 */
export default function GameExtras({ game, part }: { game: Game; part?: 'chat' }) {
  // Wide screens have the chat beside the draw (game.tsx: `part="chat"` there).
  const wide = useMediaQuery('(min-width: 1200px)', false);
  // The draw alert goes with the chat: beside the draw on a wide screen, first at the foot else.
  if (part === 'chat')
    return (
      <>
        <DrawAlertButton key={`alert-${game.id}`} game={game} />
        <ChatPanel key={game.id} room={chatRoomOf(game.id)} name={game.name} />
      </>
    );
  return (
    <>
      {!wide && <DrawAlertButton key={`alert-${game.id}`} game={game} />}
      {!wide && <ChatPanel key={`chat-${game.id}`} room={chatRoomOf(game.id)} name={game.name} />}
      <PrizeSection key={`prizes-${game.id}`} game={game} />
      <DrawCalendar key={`calendar-${game.id}`} games={[game]} />
    </>
  );
}
