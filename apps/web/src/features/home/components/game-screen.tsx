import type { Game } from '@kaijiang/domain';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { liveWords } from '@/shared/live/live-words';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGamesQuery } from '@/shared/api/site-api';
import { useLatestDrawsQuery } from '@/shared/live/latest-api';
import { setCurrentGame } from '@/shared/store/app-slice';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import {
  selectFailed,
  selectFiveElements,
  selectHomeGames,
  selectLoaded,
  selectNoticeText,
} from '@/shared/store/selectors';
import { useLunarYear } from '@/shared/lib/use-lunar-year';
import { Deferred } from '@/shared/ui/deferred';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { NotificationHost } from '@/shared/ui/notification-host';
import { usePageTitle } from '@/shared/ui/page-title';
import { Skeleton } from '@/shared/ui/skeleton';
import { homeWords } from '../model/words';
import { FiveElementsHint } from './five-elements-hint';
import { GameSwitcher } from './game-switcher';
import { NoticeBanner } from './notice-banner';
import { QuickLinks } from './quick-links';
import './game-screen.css';

/**
 * The home screen (/game/:id): notices, the home games, the selected game's live draw, the five
 * elements, then its extras. The draw card and the extras come from other features, handed in by
 * app/.
 */
export function GameScreen({
  renderDraw,
  renderExtras,
}: {
  renderDraw: (game: Game) => ReactNode;
  /** What comes at the foot of the screen once the page is the app's (from app/). */
  renderExtras?: (game: Game) => ReactNode;
}) {
  const w = useMessages(homeWords);
  const lw = useMessages(liveWords);
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const games = useAppSelector(selectHomeGames);
  const noticeText = useAppSelector(selectNoticeText);
  const fiveElements = useAppSelector(selectFiveElements);
  const gamesQuery = useGamesQuery();
  const noticesLoaded = useAppSelector((s) => selectLoaded(s, 'notices'));
  const fiveElementsLoaded = useAppSelector((s) => selectLoaded(s, 'fiveElements'));
  const fiveElementsFailed = useAppSelector((s) => selectFailed(s, 'fiveElements'));
  const lunarYear = useLunarYear();

  const game = games.find((g) => g.id === id);
  usePageTitle(game?.name);
  // The game's draw, kept live while the screen shows it (the route's loader asked for it).
  useLatestDrawsQuery(game ? game.id : skipToken);

  useEffect(() => {
    if (game) dispatch(setCurrentGame(game.id));
  }, [dispatch, game]);

  const gamesPending = gamesQuery.isFetching || gamesQuery.isUninitialized;

  let gamePart;
  if (games.length > 0) {
    gamePart = (
      <>
        <Deferred id="game-switcher">
          <GameSwitcher games={games} currentId={id} label={w.games} />
        </Deferred>
        {game ? (
          <Deferred id="draw">{renderDraw(game)}</Deferred>
        ) : (
          <div className="kj-card">
            <EmptyState icon="game" title={w.unknownGame} description={w.unknownGameHint} />
          </div>
        )}
      </>
    );
  } else if (gamesPending) {
    gamePart = (
      <div className="kj-card kj-home__pending">
        <Skeleton rows={4} height={18} />
      </div>
    );
  } else if (gamesQuery.isError) {
    gamePart = (
      <ErrorNotice
        message={w.gamesFailed}
        retryLabel={w.retry}
        onRetry={() => void gamesQuery.refetch()}
      />
    );
  } else {
    gamePart = (
      <div className="kj-card">
        <EmptyState icon="game" title={w.gamesEmpty} />
      </div>
    );
  }

  return (
    <div className="kj-home">
      <NoticeBanner text={noticeText} loading={!noticesLoaded} />
      <div className="kj-stack">
        {gamePart}
        <Deferred id="five-elements">
          <FiveElementsHint
            records={fiveElements}
            lunarYear={lunarYear}
            loading={!fiveElementsLoaded}
            failed={fiveElementsFailed}
          />
        </Deferred>
        <Deferred id="quick-links">
          <QuickLinks title={w.quickLinks} />
        </Deferred>
        {/* Last: content that arrives after the first paint moves nothing the visitor sees. */}
        {game && renderExtras ? renderExtras(game) : null}
      </div>
      <NotificationHost closeLabel={lw.close} />
    </div>
  );
}
