import type { Game } from '@kaijiang/domain';
import { GameScreen } from '@/features/home/components/game-screen';
import { LatestDrawCard } from '@/features/lottery/components/latest-draw-card';

// Keyed by game: switching games starts a fresh card instead of "revealing" the other draw.
const renderDraw = (game: Game) => <LatestDrawCard key={game.id} game={game} links />;

export function Component() {
  return <GameScreen renderDraw={renderDraw} />;
}
