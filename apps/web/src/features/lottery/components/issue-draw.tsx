import { zonedParts, type Game } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { formatDrawTime, intlLocale } from '@/shared/lib/schedule';
import { AppLink } from '@/shared/ui/app-link';
import { DrawBalls, DrawSum } from '@/shared/ui/draw-balls';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { PrizeTable } from '@/shared/ui/prize-table';
import { SimMark } from '@/shared/ui/sim-mark';
import { Skeleton } from '@/shared/ui/skeleton';
import { drawDetailApi, useDrawDetailQuery } from '../api/draw-detail-api';
import { prizeWords } from '../model/prize-words';
import './prize-record.css';

/** The route's loader asks for the draw with it (app/routes/game.tsx). */
export { drawDetailApi };

/**
 * One past draw on the game screen (`/game/111?issue=1993095`, linked from its history row): its
 * balls and, for Hong Kong, its prize record with the unit stake of its era
 * (docs/architecture.md §12). The server renders it with the page (app/routes/game.tsx loads it first).
 */
export function IssueDraw({ game, issue }: { game: Game; issue: string }) {
  const w = useMessages(prizeWords);
  const locale = useLocale();
  const { data, isLoading, isError, error, refetch } = useDrawDetailQuery({
    gameId: game.id,
    issue,
  });
  const label = format(w.issue, { issue });
  const missing = isError && (error as { status?: unknown } | undefined)?.status === 404;
  let body;
  if (data?.issue === issue) {
    body = (
      <>
        <p className="kj-issue-draw__when">
          {/* A past draw may be decades old: its year too. */}
          <time dateTime={data.drawAt}>
            {`${zonedParts(new Date(data.drawAt), game.timezone).year}年${formatDrawTime(
              new Date(data.drawAt),
              game.timezone,
              intlLocale(locale),
            )}`}
          </time>
          <SimMark source={data.source} />
        </p>
        <DrawBalls numbers={data.numbers} lunarYear={data.lunarYear} label={label} />
        <DrawSum numbers={data.numbers} />
        {data.prizes ? <PrizeTable record={data.prizes} issue={issue} /> : null}
      </>
    );
  } else if (isLoading) {
    body = (
      <div aria-label={w.drawLoading} role="status">
        <Skeleton rows={3} height={18} />
      </div>
    );
  } else if (missing) {
    body = <p className="kj-prizes__pending">{w.drawMissing}</p>;
  } else {
    body = (
      <ErrorNotice message={w.drawFailed} onRetry={() => void refetch()} retryLabel={w.retry} />
    );
  }
  return (
    <section className="kj-card kj-prizes kj-issue-draw" aria-labelledby="kj-issue-draw-title">
      <h2 className="kj-prizes__title" id="kj-issue-draw-title">
        {w.drawTitle}
        <span className="kj-prizes__issue">{label}</span>
        {data?.prizes?.snowball ? (
          <span className="kj-prizes__snowball">{data.prizes.snowball}</span>
        ) : null}
      </h2>
      {body}
      <AppLink className="kj-issue-draw__back" to={paths.game.href(game.id)}>
        {w.drawLatest}
      </AppLink>
    </section>
  );
}
