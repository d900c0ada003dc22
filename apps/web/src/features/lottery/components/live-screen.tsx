import { formatDrawTime, nextDrawAt, scheduleText } from '@/shared/lib/schedule';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames } from '@/shared/store/selectors';
import { Icon } from '@/shared/ui/icon';
import { Section } from '@/shared/ui/section';
import './lottery.css';

/** The stage where the live stream plays; until a stream is configured it shows the schedule. */
export function LiveScreen() {
  const games = useAppSelector(selectHomeGames);
  const now = new Date();
  const upcoming = games
    .map((game) => ({ game, next: nextDrawAt(game, now) }))
    .filter((x): x is { game: (typeof games)[number]; next: Date } => x.next !== null)
    .sort((a, b) => a.next.getTime() - b.next.getTime());
  const first = upcoming[0];

  return (
    <div className="kj-stack">
      <div className="kj-live-stage">
        <div className="kj-live-stage__inner">
          <span className="kj-live-badge">当前未在直播</span>
          <Icon name="live" size={44} />
          <p className="kj-live-stage__title">直播将在开奖时开始</p>
          <p className="kj-live-stage__text">
            {first
              ? `最近一场：${first.game.name} ${formatDrawTime(first.next, first.game.timezone)}`
              : '开奖时间到达后，现场画面和逐个揭晓的号码会在这里播放。'}
          </p>
        </div>
      </div>
      <Section id="kj-live-schedule" title="直播时间表">
        {upcoming.length === 0 ? (
          <p className="kj-lottery-intro">彩种开奖时间公布后会列在这里。</p>
        ) : (
          <ul className="kj-lottery-list">
            {upcoming.map(({ game, next }) => (
              <li key={game.id} className="kj-lottery-item" style={{ padding: '8px 0' }}>
                <span className="kj-lottery-item__main">
                  <span className="kj-lottery-item__name">{game.name}</span>
                  <span className="kj-lottery-item__meta">{scheduleText(game)}</span>
                </span>
                <span className="kj-lottery-item__next">{formatDrawTime(next, game.timezone)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
