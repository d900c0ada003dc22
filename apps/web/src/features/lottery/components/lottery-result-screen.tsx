import { paths } from '@/shared/config/paths';
import { formatDrawTime, nextDrawAt, scheduleText, zoneName } from '@/shared/lib/schedule';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames, selectLoaded } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { Skeleton } from '@/shared/ui/skeleton';
import './lottery.css';

/** Every game with its schedule and next draw; each opens its result screen. */
export function LotteryResultScreen() {
  const games = useAppSelector(selectHomeGames);
  const loaded = useAppSelector(selectLoaded).games;
  const now = new Date();

  if (!loaded) {
    return (
      <div className="kj-stack">
        <div className="kj-card kj-lottery-pending">
          <Skeleton rows={6} height={20} />
        </div>
      </div>
    );
  }

  return (
    <div className="kj-stack">
      <p className="kj-lottery-intro">选择彩种查看最新开奖号码、开奖时间和下期倒计时。</p>
      {games.length === 0 ? (
        <div className="kj-card">
          <EmptyState
            icon="results"
            title="暂时没有可显示的彩种"
            description="彩种上线后会列在这里。请稍后刷新页面。"
          />
        </div>
      ) : (
        <ul className="kj-lottery-list">
          {games.map((game) => {
            const next = nextDrawAt(game, now);
            return (
              <li key={game.id}>
                <AppLink className="kj-card kj-lottery-item" to={paths.game.href(game.id)}>
                  <span className="kj-lottery-item__main">
                    <span className="kj-lottery-item__name">{game.name}</span>
                    <span className="kj-lottery-item__meta">
                      {scheduleText(game)} · {zoneName(game.timezone)}
                    </span>
                    {next ? (
                      <span className="kj-lottery-item__next">
                        下期开奖 {formatDrawTime(next, game.timezone)}
                      </span>
                    ) : null}
                  </span>
                  <Icon name="chevron" size={20} />
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
      <AppLink
        className="kj-button kj-button--ghost kj-button--block"
        to={paths.lotteryHistory.href()}
      >
        <Icon name="history" size={18} /> 查看历史开奖
      </AppLink>
    </div>
  );
}
