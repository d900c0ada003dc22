import { formatCurrency, type DrawDetail, type Game } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { format, useLocale } from '@/shared/i18n';
import { formatDrawTime, intlLocale } from '@/shared/lib/schedule';
import { AppLink } from '@/shared/ui/app-link';
import { Deferred } from '@/shared/ui/deferred';
import { DrawBalls, DrawSum } from '@/shared/ui/draw-balls';
import { SimMark } from '@/shared/ui/sim-mark';
import { PrizeTable, formatUnits } from '@/shared/ui/prize-table';
import type { HistoryWords } from '../model/words';

/**
 * A Hong Kong draw's first division in a line (who won it, or the jackpot it carries on), which
 * opens onto the whole prize record.
 */
function PrizeLine({
  prizes,
  issue,
  w,
}: {
  prizes: NonNullable<DrawDetail['prizes']>;
  issue: string;
  w: HistoryWords;
}) {
  const first = prizes.divisions[0];
  if (!first) return null;
  return (
    <details className="kj-hrow__prizes">
      <summary>
        {prizes.snowball ? <span className="kj-hrow__snowball">{prizes.snowball}</span> : null}
        <span>
          {w.prizeFirst}
          {first.dividend === null
            ? w.prizeNone
            : first.winners === null
              ? `HK$${formatCurrency(first.dividend)}`
              : format(w.prizeUnits, {
                  units: formatUnits(first.winners),
                  amount: formatCurrency(first.dividend),
                })}
        </span>
        {prizes.jackpot ? (
          <span>{format(w.prizeJackpot, { amount: formatCurrency(prizes.jackpot) })}</span>
        ) : null}
      </summary>
      <PrizeTable record={prizes} issue={issue} />
    </details>
  );
}

/** One finished draw: issue and date, the balls with their attributes, the 总和. */
export function HistoryRow({
  draw,
  game,
  w,
}: {
  draw: DrawDetail;
  game: Game | undefined;
  w: HistoryWords;
}) {
  const locale = useLocale();
  const issue = format(w.issue, { issue: draw.issue });
  return (
    <li className="kj-hrow" data-issue={draw.issue}>
      {/* A server-rendered page builds its rows one task each, after the first render. */}
      <Deferred id={`history-${draw.gameId}-${draw.issue}`}>
        <div className="kj-hrow__head">
          <span className="kj-hrow__issue">
            {/* The draw on its game's screen, with its prize record (app/routes/game.tsx). */}
            <AppLink to={paths.game.href(draw.gameId, draw.issue)}>{issue}</AppLink>
            <SimMark source={draw.source} />
          </span>
          <time className="kj-hrow__date" dateTime={draw.drawAt}>
            {formatDrawTime(
              new Date(draw.drawAt),
              game?.timezone ?? 'Asia/Shanghai',
              intlLocale(locale),
            )}
          </time>
        </div>
        <DrawBalls numbers={draw.numbers} lunarYear={draw.lunarYear} label={issue} />
        <DrawSum numbers={draw.numbers} />
        {draw.prizes ? <PrizeLine prizes={draw.prizes} issue={draw.issue} w={w} /> : null}
      </Deferred>
    </li>
  );
}
