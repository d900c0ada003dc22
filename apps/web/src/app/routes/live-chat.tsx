import { chatRoomOf, type Game } from '@kaijiang/domain';
import { ChatPanel } from '@/features/chat/components/chat-panel';

/** The live board's chat: the room of the game on the stage. A chunk of its own. */
export default function LiveChat({ game }: { game: Game }) {
  return <ChatPanel key={game.id} room={chatRoomOf(game.id)} name={game.name} />;
}
