import { lunarYearOf, type DrawSnapshot, type Game } from '@kaijiang/domain';
import { useState, type ReactNode } from 'react';
import { paths } from '@/shared/config/paths';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { selectLatestLoad, selectLiveDraw } from '@/shared/live/latest-api';
import { useServerNow } from '@/shared/live/server-clock';
import { formatCountdown, formatDrawTime, intlLocale, scheduleText } from '@/shared/lib/schedule';
import { useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { DrawBalls, DrawSum } from '@/shared/ui/draw-balls';
import { DelayNote } from '@/shared/ui/delay-note';
import { SimMark } from '@/shared/ui/sim-mark';
import { Icon } from '@/shared/ui/icon';
import { ballName } from '@/shared/ui/number-ball';
import { Skeleton } from '@/shared/ui/skeleton';
import { useBallReveal } from '../hooks/use-ball-reveal';
import { cardWords } from '../model/words';
import { ConnectionBadge } from './connection-badge';
import './latest-draw-card.css';

type Words = (typeof cardWords)['zh-Hans'];

function NextDraw({ draw, w }: { draw: DrawSnapshot; w: Words }) {
  const now = useServerNow(1000);
  const waiting = draw.status === 'waiting' || draw.status === 'delayed';
  const target = Date.parse(waiting ? draw.drawAt : draw.nextDrawAt);
  const issue = waiting ? draw.issue : draw.nextIssue;
  if (!Number.isFinite(target)) return null;
  const left = Math.max(0, target - now);
  const time = formatCountdown(left);
  return (
    <div className="kj-latest__next">
      <span className="kj-latest__next-issue">{format(w.nextIssue, { issue })}</span>
      <span className="kj-latest__countdown">
        <span>{w.countdown}</span>
        <time
          className="kj-latest__clock"
          dateTime={new Date(target).toISOString()}
          aria-label={format(w.countdownLabel, { issue, time })}
        >
          {left > 0 ? time : w.drawingSoon}
        </time>
      </span>
    </div>
  );
}

/**
 * The current draw of one game, live: balls roll in as the server reveals them, then the 总和
 * and a countdown to the next draw on the server's clock. Each new ball is announced politely.
 */
export function LatestDrawCard({
  game,
  compact = false,
  headingLevel = 2,
  links = false,
  badge = true,
  stage,
}: {
  game: Game;
  compact?: boolean;
  headingLevel?: 2 | 3;
  /** Ways on to the live screen and the history (home screen). */
  links?: boolean;
  /** The connection pill; off where the screen shows one of its own. */
  badge?: boolean;
  /**
   * The draw stage (the screen's own loader: no import here, so the card adds nothing to a first
   * load), shown from the moment a draw is on and kept for its result.
   */
  stage?: ReactNode;
}) {
  const w = useMessages(cardWords);
  const locale = useLocale();
  const draw = useAppSelector((s) => selectLiveDraw(s, game.id));
  const load = useAppSelector((s) => selectLatestLoad(s, game.id));
  const shownFrom = useBallReveal(draw);
  // Once a draw has been on, its stage stays (with the result at the end).
  const [staged, setStaged] = useState(false);
  if (!staged && stage && draw && draw.status !== 'done') setStaged(true);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `kj-latest-${game.id}${compact ? '-c' : ''}`;

  let body: ReactNode;
  let announce = '';
  if (draw) {
    const year = lunarYearOf(new Date(draw.drawAt));
    const count = draw.numbers.length;
    if (count > shownFrom) {
      const last = ballName(draw.numbers[count - 1]!, year, locale).label;
      announce =
        count === 7
          ? `${format(w.specialBall, { ball: last })}，${format(w.finished, { issue: draw.issue })}`
          : format(w.ballN, { n: count, ball: last });
    }
    body = (
      <>
        <div className="kj-latest__meta">
          <span className="kj-latest__issue">{format(w.issue, { issue: draw.issue })}</span>
          {draw.status === 'delayed' ? (
            <DelayNote drawAt={draw.drawAt} />
          ) : (
            <span className={`kj-latest__status kj-latest__status--${draw.status}`}>
              {w[draw.status]}
            </span>
          )}
          <SimMark source={draw.source} />
          <time className="kj-latest__date" dateTime={draw.drawAt}>
            {formatDrawTime(new Date(draw.drawAt), game.timezone, intlLocale(locale))}
          </time>
        </div>
        <DrawBalls
          numbers={draw.numbers}
          lunarYear={year}
          placeholders={draw.status !== 'done'}
          animateFrom={shownFrom}
          size={compact ? 'md' : 'lg'}
        />
        <DrawSum numbers={draw.numbers} />
        {draw.status === 'drawing' || draw.status === 'disputed' ? null : (
          <NextDraw draw={draw} w={w} />
        )}
      </>
    );
  } else if (load === 'failed') {
    body = <p className="kj-latest__empty">{w.loadFailed}</p>;
  } else if (load === 'done') {
    body = <p className="kj-latest__empty">{w.noDraw}</p>;
  } else {
    body = <Skeleton circle={7} />;
  }

  return (
    <section
      className={`kj-card kj-latest${compact ? ' kj-latest--compact' : ''}${
        draw?.status === 'drawing' ? ' kj-latest--drawing' : ''
      }`}
      aria-labelledby={headingId}
      data-game={game.id}
    >
      <div className="kj-latest__head">
        <Heading id={headingId} className="kj-latest__name">
          {compact ? (
            <AppLink to={paths.game.href(game.id)} className="kj-latest__link">
              {game.name}
              <Icon name="chevron" size={16} className="kj-latest__chevron" />
            </AppLink>
          ) : (
            game.name
          )}
        </Heading>
        {compact ? (
          <span className="kj-latest__schedule">{scheduleText(game, locale)}</span>
        ) : badge ? (
          <ConnectionBadge />
        ) : null}
      </div>
      {staged && stage}
      {body}
      <p className="kj-sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      {links ? (
        <div className="kj-latest__actions">
          <AppLink className="kj-button" to={paths.live.href()}>
            <Icon name="live" size={18} /> {w.watchLive}
          </AppLink>
          <AppLink
            className="kj-button kj-button--ghost"
            to={`${paths.lotteryHistory.href()}?game=${game.id}`}
          >
            <Icon name="history" size={18} /> {w.history}
          </AppLink>
        </div>
      ) : null}
    </section>
  );
}
