import { chatRoomOf, type Game } from '@kaijiang/domain';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { DrawCalendar } from '@/features/calendar/components/draw-calendar';
import { PrizeSection } from '@/features/lottery/components/prize-section';
import { useMediaQuery } from '@/shared/lib/use-media-query';

export { default as StageWhenDue } from '@/features/lottery/components/stage-when-due';

/**
 * What a game screen shows below its draw once the page is the app's: the game's chat room, the
 * prize record of a Hong Kong draw and the game's draw calendar. One chunk of its own, so none
 * of it weighs on the first load.
 */
export default function GameExtras({ game, part }: { game: Game; part?: 'chat' }) {
  // Wide screens have the chat beside the draw (game.tsx: `part="chat"` there).
  const wide = useMediaQuery('(min-width: 1200px)', false);
  if (part === 'chat')
    return <ChatPanel key={game.id} room={chatRoomOf(game.id)} name={game.name} />;
  return (
    <>
      {!wide && <ChatPanel key={`chat-${game.id}`} room={chatRoomOf(game.id)} name={game.name} />}
      <PrizeSection key={`prizes-${game.id}`} game={game} />
      <DrawCalendar key={`calendar-${game.id}`} games={[game]} />
    </>
  );
}
