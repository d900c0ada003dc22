import { TREND_KINDS, type Game, type TrendKind } from '@kaijiang/domain';
import { useCallback, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { errorText } from '@/shared/api/paged-list';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useLatestDrawsQuery } from '@/shared/live/latest-api';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { selectGames, selectHomeGames, selectLoaded } from '@/shared/store/selectors';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { trendApi, useDrawTrendQuery } from '../api/trend-api';
import { limitOf, RANGES, readTrendParams, type TrendParams } from '../model/trend-params';
import { trendWords } from '../model/words';
import { TrendGrid } from './trend-grid';
import '@/shared/ui/pills.css';
import './trend.css';

/** The chart's choices live in the address: a chart can be linked, shared and reloaded. */
function useTrendParams(): [TrendParams, (next: Partial<TrendParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (next: Partial<TrendParams>) =>
      setSearch(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (next.kind) out.set('kind', next.kind);
          if (next.range) out.set('range', next.range);
          if (next.misses !== undefined) {
            if (next.misses) out.delete('misses');
            else out.set('misses', 'off');
          }
          return out;
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [readTrendParams(search), update];
}

/** How long a switch waits for its chart at most before the screen shows the new choice. */
const CHART_WAIT_MS = 80;

/**
 * A switch of kind or range asks for its chart in the tap and shows the choice when the chart is
 * in (or after CHART_WAIT_MS on a slow network): a slow phone then renders and paints once, the
 * pressed button and the new chart in one frame, instead of the button first while the answer
 * waits behind that frame. Taps in the meantime add to the choice; the last one wins.
 */
function useChartSwitch(
  params: TrendParams,
  setParams: (next: Partial<TrendParams>) => void,
  game: Game | undefined,
) {
  const dispatch = useAppDispatch();
  const pending = useRef<{ tap: number; choice: TrendParams } | null>(null);
  const taps = useRef(0);
  return (next: Partial<TrendParams>) => {
    const choice = { ...(pending.current?.choice ?? params), ...next };
    const tap = ++taps.current;
    pending.current = { tap, choice };
    const show = () => {
      if (pending.current?.tap !== tap) return;
      pending.current = null;
      setParams(choice);
    };
    if (!game || (next.kind === undefined && next.range === undefined)) return show();
    const asked = dispatch(
      trendApi.endpoints.drawTrend.initiate(
        { gameId: game.id, kind: choice.kind, limit: limitOf(choice.range, game) },
        { subscribe: false },
      ),
    );
    const waited = new Promise((resolve) => setTimeout(resolve, CHART_WAIT_MS));
    void Promise.race([asked, waited]).then(show);
  };
}

/** /lottery-trend/:gameId — issue-by-issue trend charts (走势图) of a game. */
export function TrendScreen() {
  const w = useMessages(trendWords);
  const gameId = Number(useParams().gameId);
  const [params, setParams] = useTrendParams();
  const games = useAppSelector(selectGames);
  const homeGames = useAppSelector(selectHomeGames);
  const gamesLoaded = useAppSelector((s) => selectLoaded(s, 'games'));
  const game = games.find((g) => g.id === gameId);
  // Following the game's draws: one that finishes asks for the chart again (a new row).
  useLatestDrawsQuery(gameId, { skip: !game });
  const limit = limitOf(params.range, game);
  const query = useDrawTrendQuery({ gameId, kind: params.kind, limit }, { skip: !game });
  const update = useChartSwitch(params, setParams, game);
  // The chart shown stays until the next one is in (dimmed meanwhile): no blank between kinds.
  const chart = query.data;
  const shownKind = (chart?.kind ?? params.kind) as TrendKind;

  if (!game) {
    return (
      <div className="kj-card kj-trend__pending">
        {gamesLoaded ? <EmptyState icon="history" title={w.noGame} /> : <Skeleton rows={6} />}
      </div>
    );
  }

  return (
    <div className="kj-stack kj-trend">
      <nav className="kj-scroll-row kj-trend__games" aria-label={w.games}>
        {homeGames.map((g) => (
          <AppLink
            key={g.id}
            to={`${paths.lotteryTrend.href(g.id)}?kind=${params.kind}&range=${params.range}`}
            className="kj-chip kj-trend__chip"
            aria-current={g.id === gameId ? 'page' : undefined}
          >
            {g.name}
          </AppLink>
        ))}
      </nav>
      <div className="kj-scroll-row kj-trend__kinds" role="group" aria-label={w.kinds}>
        {TREND_KINDS.map((k: TrendKind) => (
          <button
            key={k}
            type="button"
            className="kj-chip kj-trend__chip"
            aria-pressed={k === params.kind}
            onClick={() => update({ kind: k })}
          >
            {w[k]}
          </button>
        ))}
      </div>
      <div className="kj-trend__bar">
        <label className="kj-trend__range">
          <span>{w.range}</span>
          <select
            value={params.range}
            onChange={(e) => update({ range: e.target.value as TrendParams['range'] })}
          >
            {RANGES.map((r) => (
              <option key={r} value={r}>
                {r === 'year' ? w.year : r === 'all' ? w.all : format(w.lastN, { n: r })}
              </option>
            ))}
          </select>
        </label>
        <label className="kj-trend__toggle">
          <input
            type="checkbox"
            checked={params.misses}
            onChange={(e) => update({ misses: e.target.checked })}
          />
          <span>{w.misses}</span>
        </label>
        <AppLink className="kj-trend__link" to={`${paths.lotteryHistory.href()}?game=${gameId}`}>
          {w.history}
        </AppLink>
      </div>
      <p className="kj-trend__legend">{w.legend}</p>
      {chart ? (
        chart.rows.length === 0 ? (
          <div className="kj-card">
            <EmptyState icon="history" title={w.empty} />
          </div>
        ) : (
          <div className="kj-card kj-trend__card" aria-busy={query.isFetching}>
            <TrendGrid
              chart={chart}
              kind={shownKind}
              misses={params.misses}
              kindLabel={w[shownKind]}
            />
          </div>
        )
      ) : query.isError ? (
        <ErrorNotice
          message={format(w.failed, { msg: errorText(query.error) })}
          onRetry={() => void query.refetch()}
          retryLabel={w.retry}
        />
      ) : (
        <div className="kj-card kj-trend__pending" aria-busy="true">
          <Skeleton rows={8} label={w.loading} />
        </div>
      )}
    </div>
  );
}
