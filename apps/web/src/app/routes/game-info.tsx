import { DrawCalendar } from '@/features/calendar/components/draw-calendar';
import { GameInfoScreen } from '@/features/reference/components/game-info-screen';
import { useAppSelector } from '@/shared/store/hooks';
import { selectGames } from '@/shared/store/selectors';

export function Component() {
  const games = useAppSelector(selectGames);
  return <GameInfoScreen calendar={<DrawCalendar games={games} />} />;
}
