import { hasPrizeRecord, type Game } from '@kaijiang/domain';
import { useLocale } from '@/shared/i18n';
import { selectLiveDraw, selectUpcoming } from '@/shared/live/latest-api';
import { formatDrawTime, intlLocale } from '@/shared/lib/schedule';
import { useAppSelector } from '@/shared/store/hooks';
import PrizeRecord from './prize-record';

/**
 * Under a Hong Kong draw once it is finished: its dividends, turnover and jackpot, and what the
 * official feed announced of the next draw (its estimated first prize, when sales close).
 */
export function PrizeSection({ game }: { game: Game }) {
  const draw = useAppSelector((s) => selectLiveDraw(s, game.id));
  const next = useAppSelector((s) => selectUpcoming(s, game.id));
  const locale = useLocale();
  if (!hasPrizeRecord(game.id) || draw?.status !== 'done') return null;
  const upcoming = next && {
    estimatedPrize: next.estimatedPrize,
    salesClose: next.salesCloseAt
      ? formatDrawTime(new Date(next.salesCloseAt), game.timezone, intlLocale(locale))
      : null,
  };
  return <PrizeRecord draw={{ gameId: game.id, issue: draw.issue }} upcoming={upcoming} />;
}
