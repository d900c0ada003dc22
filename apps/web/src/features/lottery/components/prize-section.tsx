import { hasPrizeRecord, type Game } from '@kaijiang/domain';
import { selectLiveDraw } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import PrizeRecord from './prize-record';

/** Under a Hong Kong draw once it is finished: its dividends, turnover and jackpot. */
export function PrizeSection({ game }: { game: Game }) {
  const draw = useAppSelector((s) => selectLiveDraw(s, game.id));
  if (!hasPrizeRecord(game.id) || draw?.status !== 'done') return null;
  return <PrizeRecord draw={{ gameId: game.id, issue: draw.issue }} />;
}
