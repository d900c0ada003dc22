import type { Game } from '@kaijiang/domain';
import { useEffect, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useMessages } from '@/shared/i18n';
import { liveWords } from '@/shared/live/live-words';
import { useLiveDraws } from '@/shared/live/use-live-draws';
import { loadGames, setCurrentGame } from '@/shared/store/app-slice';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import {
  selectFailed,
  selectFiveElements,
  selectHomeGames,
  selectLoaded,
  selectLoading,
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
 * elements. The draw card comes from the live-draw feature, handed in by app/.
 */
export function GameScreen({ renderDraw }: { renderDraw: (game: Game) => ReactNode }) {
  const w = useMessages(homeWords);
  const lw = useMessages(liveWords);
  const dispatch = useAppDispatch();
  const id = Number(useParams().id);
  const games = useAppSelector(selectHomeGames);
  const noticeText = useAppSelector(selectNoticeText);
  const fiveElements = useAppSelector(selectFiveElements);
  const loading = useAppSelector(selectLoading);
  const loaded = useAppSelector(selectLoaded);
  const failed = useAppSelector(selectFailed);
  const lunarYear = useLunarYear();

  const game = games.find((g) => g.id === id);
  usePageTitle(game?.name);
  useLiveDraws(game ? [game.id] : []);

  useEffect(() => {
    if (game) dispatch(setCurrentGame(game.id));
  }, [dispatch, game]);

  const gamesPending = !loaded.games || loading.games;

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
  } else if (failed.games) {
    gamePart = (
      <ErrorNotice
        message={w.gamesFailed}
        retryLabel={w.retry}
        onRetry={() => void dispatch(loadGames())}
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
      <NoticeBanner text={noticeText} loading={!loaded.notices} />
      <div className="kj-stack">
        {gamePart}
        <Deferred id="five-elements">
          <FiveElementsHint
            records={fiveElements}
            lunarYear={lunarYear}
            loading={!loaded.fiveElements || loading.fiveElements}
            failed={failed.fiveElements}
          />
        </Deferred>
        <Deferred id="quick-links">
          <QuickLinks title={w.quickLinks} />
        </Deferred>
      </div>
      <NotificationHost closeLabel={lw.close} />
    </div>
  );
}
