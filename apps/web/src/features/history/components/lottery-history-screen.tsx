import { EXPORT_MAX_ROWS, HISTORY_PAGE_SIZE } from '@kaijiang/domain';
import { lazy, Suspense } from 'react';
import { paths } from '@/shared/config/paths';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectCurrentGame, selectHomeGames, selectLoaded } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { Skeleton } from '@/shared/ui/skeleton';
import { exportCsvUrl } from '../api/history-api';
import { useDrawHistory } from '../hooks/use-draw-history';
import { useHistoryParams, type HistoryTab } from '../hooks/use-history-params';
import { usePageOfRows } from '../hooks/use-page-of-rows';
import { historyGame } from '../model/history-params';
import { historyWords } from '../model/words';
import { HistoryList } from './history-list';
import '@/shared/ui/pills.css';
import './history.css';

// Statistics are a second look most visitors never take: their code loads on that tab only.
const StatsView = lazy(() => import('./stats-view').then((m) => ({ default: m.StatsView })));
const DrawSearch = lazy(() => import('./draw-search').then((m) => ({ default: m.DrawSearch })));

const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** Draws a page on a desktop, where the history is a table of a line a draw (issue 43: 50–100). */
export const WIDE_PAGE_ROWS = 60;
/** The width from which the history is that table (history.css). */
const WIDE = '(min-width: 1024px)';

/** /lottery-history: a game's draws by year, endlessly scrolled, and their statistics. */
export function LotteryHistoryScreen() {
  const w = useMessages(historyWords);
  const games = useAppSelector(selectHomeGames);
  const current = useAppSelector(selectCurrentGame);
  const gamesLoaded = useAppSelector((s) => selectLoaded(s, 'games'));
  const [params, update] = useHistoryParams();
  const game = historyGame(games, current, params);
  const gameId = game?.id ?? params.gameId;
  const listing = params.tab === 'list';
  // The server renders a phone's page of 20 for every visitor; a desktop extends it to its own.
  const wide = useMediaQuery(WIDE, false);
  const history = usePageOfRows(
    useDrawHistory(gameId, params.year, params.month),
    wide ? WIDE_PAGE_ROWS : HISTORY_PAGE_SIZE,
    `${gameId}/${params.year}/${params.month}`,
  );
  const tabs: [HistoryTab, string][] = [
    ['list', w.list],
    ['stats', w.stats],
    ['search', w.search],
  ];

  if (games.length === 0) {
    return (
      <div className="kj-stack">
        <div className="kj-card kj-hist__pending">
          {gamesLoaded ? (
            <EmptyState icon="history" title={w.noGames} />
          ) : (
            <Skeleton rows={6} height={20} />
          )}
        </div>
      </div>
    );
  }

  const years = history.years;
  // All years of a fast game are more than one export may hold: the newest year is offered then.
  const exportYear = params.year ?? (history.total > EXPORT_MAX_ROWS ? years[0] : undefined);
  const yearText = exportYear ? String(exportYear) : w.allYears;

  return (
    <div className="kj-stack">
      <nav className="kj-scroll-row" aria-label={w.games}>
        {games.map((g) => (
          <button
            key={g.id}
            type="button"
            className="kj-chip kj-hist__game"
            aria-pressed={g.id === gameId}
            onClick={() => update({ gameId: g.id })}
          >
            {g.name}
          </button>
        ))}
      </nav>

      <div className="kj-hist__tabs" role="tablist" aria-label={w.tabs}>
        {tabs.map(([tab, text]) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`kj-hist-tab-${tab}`}
            aria-controls="kj-hist-panel"
            aria-selected={params.tab === tab}
            className="kj-hist__tab"
            onClick={() => update({ tab })}
          >
            {text}
          </button>
        ))}
      </div>

      <section
        id="kj-hist-panel"
        role="tabpanel"
        aria-labelledby={`kj-hist-tab-${params.tab}`}
        className="kj-card kj-hist__panel"
      >
        {listing ? (
          <>
            <div className="kj-hist__bar">
              <label className="kj-field">
                <span>{w.year}</span>
                <select
                  value={params.year ?? ''}
                  onChange={(e) =>
                    update({ year: e.target.value ? Number(e.target.value) : undefined })
                  }
                >
                  <option value="">{w.allYears}</option>
                  {params.year && !years.includes(params.year) ? (
                    <option value={params.year}>{params.year}</option>
                  ) : null}
                  {years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
              </label>
              {params.year ? (
                <label className="kj-field">
                  <span>{w.month}</span>
                  <select
                    value={params.month ?? ''}
                    onChange={(e) =>
                      update({ month: e.target.value ? Number(e.target.value) : undefined })
                    }
                  >
                    <option value="">{w.allMonths}</option>
                    {MONTHS.map((n) => (
                      <option key={n} value={n}>
                        {format(w.monthN, { n })}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              <span className="kj-hist__total">
                {history.items.length > 0 ? format(w.total, { total: history.total }) : ''}
              </span>
              {gameId !== undefined ? (
                <AppLink
                  className="kj-button kj-button--ghost kj-hist__csv"
                  to={paths.lotteryTrend.href(gameId)}
                >
                  {w.trend}
                </AppLink>
              ) : null}
              {gameId !== undefined ? (
                <a
                  className="kj-button kj-button--ghost kj-hist__csv"
                  href={exportCsvUrl(gameId, exportYear)}
                  download
                  aria-label={format(w.csvLabel, { game: game?.name ?? '', year: yearText })}
                >
                  {w.csv}
                </a>
              ) : null}
            </div>
            <HistoryList history={history} game={game} w={w} />
          </>
        ) : params.tab === 'search' && game ? (
          <Suspense fallback={<Skeleton rows={4} height={20} label={w.loading} />}>
            <DrawSearch key={game.id} game={game} w={w} />
          </Suspense>
        ) : gameId !== undefined ? (
          <Suspense fallback={<Skeleton rows={8} height={20} label={w.loading} />}>
            <StatsView key={gameId} gameId={gameId} />
          </Suspense>
        ) : null}
      </section>
    </div>
  );
}
