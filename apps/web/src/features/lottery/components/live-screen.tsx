import type { DrawSnapshot, Game } from '@kaijiang/domain';
import { useMemo, type ReactNode } from 'react';
import { format, useMessages } from '@/shared/i18n';
import { liveWords } from '@/shared/live/live-words';
import { drawsOf, useLatestDrawsQuery } from '@/shared/live/latest-api';
import { useAppSelector } from '@/shared/store/hooks';
import { selectHomeGames, selectLoaded } from '@/shared/store/selectors';
import { EmptyState } from '@/shared/ui/empty-state';
import { NotificationHost } from '@/shared/ui/notification-host';
import { Section } from '@/shared/ui/section';
import { Skeleton } from '@/shared/ui/skeleton';
import { lotteryWords } from '../model/words';
import { ConnectionBadge } from './connection-badge';
import { LatestDrawCard } from './latest-draw-card';
import { StreamPlayer } from './stream-player';
import './lottery.css';

/** The game to put on the stage: the one drawing now, else the one drawing next. */
export function featuredGame(
  games: readonly Game[],
  draws: Readonly<Record<number, DrawSnapshot>>,
): Game | undefined {
  const drawing = games.find((g) => draws[g.id]?.status === 'drawing');
  if (drawing) return drawing;
  let best: Game | undefined;
  let bestAt = Infinity;
  for (const g of games) {
    const d = draws[g.id];
    const at = d ? Date.parse(d.status === 'waiting' ? d.drawAt : d.nextDrawAt) : NaN;
    if (at < bestAt) {
      best = g;
      bestAt = at;
    }
  }
  return best ?? games[0];
}

/**
 * The live board: the game drawing now (else the next to draw) on the stage, with its stream when
 * one is configured, and every other home game below, all fed by the socket.
 */
export function LiveScreen({ stage }: { stage?: (game: Game) => ReactNode } = {}) {
  const w = useMessages(lotteryWords);
  const lw = useMessages(liveWords);
  const games = useAppSelector(selectHomeGames);
  const loaded = useAppSelector((s) => selectLoaded(s, 'games'));
  const { data } = useLatestDrawsQuery(undefined);
  const draws = useMemo(() => Object.fromEntries(drawsOf(data).map((d) => [d.gameId, d])), [data]);
  const featured = featuredGame(games, draws);
  const stream = featured?.streamUrl?.trim();

  const others = games.filter((g) => g.id !== featured?.id);

  return (
    <div className="kj-stack">
      {featured && stream ? (
        <StreamPlayer
          key={stream}
          src={stream}
          title={format(w.streamTitle, { game: featured.name })}
          failedText={w.streamFailed}
        />
      ) : null}
      {featured ? (
        <div className="kj-live-stage">
          <p className="kj-live-stage__label">
            {draws[featured.id]?.status === 'drawing' ? w.onStageDrawing : w.onStageNext}
          </p>
          <LatestDrawCard
            key={featured.id}
            game={featured}
            badge={false}
            stage={stage?.(featured)}
          />
        </div>
      ) : null}
      <Section id="kj-live-board" title={w.board} action={<ConnectionBadge />}>
        <p className="kj-lottery-intro">{w.boardHint}</p>
        {games.length > 0 ? (
          <ul className="kj-lottery-list kj-live-board">
            {others.map((game) => (
              <li key={game.id}>
                <LatestDrawCard game={game} compact headingLevel={3} />
              </li>
            ))}
          </ul>
        ) : loaded ? (
          <EmptyState icon="live" title={w.gamesEmpty} description={w.gamesEmptyHint} />
        ) : (
          <Skeleton rows={5} height={20} />
        )}
      </Section>
      <NotificationHost closeLabel={lw.close} />
    </div>
  );
}
