import { chatRoomOf, type Game } from '@kaijiang/domain';
import { ChatPanel } from '@/features/chat/components/chat-panel';
import { useMediaQuery } from '@/shared/lib/use-media-query';

/**
 * The live board's chat: the room of the game on the stage, beside the board on a wide screen
 * (`side`), at its foot otherwise. A chunk of its own.
 */
export default function LiveChat({ game, side }: { game: Game; side?: boolean }) {
  const wide = useMediaQuery('(min-width: 1200px)', false);
  if (wide !== Boolean(side)) return null;
  return <ChatPanel key={game.id} room={chatRoomOf(game.id)} name={game.name} />;
}
