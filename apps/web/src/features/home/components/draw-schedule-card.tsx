import type { Game } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { AppLink } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';
import {
  formatCountdown,
  formatDrawTime,
  nextDrawAt,
  scheduleText,
  zoneName,
} from '@/shared/lib/schedule';
import { useNow } from '../hooks/use-now';
import { homeWords } from '../model/words';
import './draw-schedule-card.css';

/** The selected game and when it draws next, counted down in the visitor's time. */
export function DrawScheduleCard({ game }: { game: Game }) {
  const w = useMessages(homeWords);
  const now = useNow(1000);
  const next = nextDrawAt(game, now);
  const remaining = next ? next.getTime() - now.getTime() : null;

  return (
    <section className="kj-card kj-draw" aria-labelledby="kj-draw-title">
      <div className="kj-draw__head">
        <h2 id="kj-draw-title" className="kj-draw__name">
          {game.name}
        </h2>
        <span className="kj-draw__zone">{zoneName(game.timezone)}</span>
      </div>
      <dl className="kj-draw__facts">
        <div>
          <dt>
            <Icon name="calendar" size={16} /> {w.schedule}
          </dt>
          <dd>{scheduleText(game)}</dd>
        </div>
        <div>
          <dt>
            <Icon name="clock" size={16} /> {w.nextDraw}
          </dt>
          <dd>{next ? formatDrawTime(next, game.timezone) : '—'}</dd>
        </div>
      </dl>
      {remaining !== null ? (
        <div className="kj-draw__countdown">
          <span>{w.countdown}</span>
          <time
            dateTime={next?.toISOString()}
            className="kj-draw__clock"
            aria-label={format('{label} {time}', {
              label: w.countdown,
              time: formatCountdown(remaining),
            })}
          >
            {remaining > 1000 ? formatCountdown(remaining) : w.drawingSoon}
          </time>
        </div>
      ) : null}
      <p className="kj-draw__hint">{w.latestHint}</p>
      <div className="kj-draw__actions">
        <AppLink className="kj-button" to={paths.live.href()}>
          <Icon name="live" size={18} /> {w.watchLive}
        </AppLink>
        <AppLink className="kj-button kj-button--ghost" to={paths.lotteryHistory.href()}>
          <Icon name="history" size={18} /> {w.history}
        </AppLink>
      </div>
    </section>
  );
}
