import { paths } from '@/shared/config/paths';
import { useMessages } from '@/shared/i18n';
import { liveWords } from '@/shared/live/live-words';
import { useLatestDrawsQuery } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames, selectLoaded } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { Icon } from '@/shared/ui/icon';
import { NotificationHost } from '@/shared/ui/notification-host';
import { Skeleton } from '@/shared/ui/skeleton';
import { lotteryWords } from '../model/words';
import { ConnectionBadge } from './connection-badge';
import { LatestDrawCard } from './latest-draw-card';
import './lottery.css';

/** The latest draw of every home game, each updated live as its balls come out. */
export function LotteryResultScreen() {
  const w = useMessages(lotteryWords);
  const lw = useMessages(liveWords);
  const games = useAppSelector(selectHomeGames);
  const loaded = useAppSelector((s) => selectLoaded(s, 'games'));
  // Every home game's draw, kept live (the route's loader asked for it).
  useLatestDrawsQuery(undefined);

  if (!loaded && games.length === 0) {
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
      <div className="kj-lottery-bar">
        <p className="kj-lottery-intro">{w.resultsIntro}</p>
        <ConnectionBadge />
      </div>
      {games.length === 0 ? (
        <div className="kj-card">
          <EmptyState icon="results" title={w.gamesEmpty} description={w.gamesEmptyHint} />
        </div>
      ) : (
        <ul className="kj-lottery-list">
          {games.map((game) => (
            <li key={game.id}>
              <LatestDrawCard game={game} compact />
            </li>
          ))}
        </ul>
      )}
      <AppLink
        className="kj-button kj-button--ghost kj-button--block"
        to={paths.lotteryHistory.href()}
      >
        <Icon name="history" size={18} /> {w.viewHistory}
      </AppLink>
      <NotificationHost closeLabel={lw.close} />
    </div>
  );
}
