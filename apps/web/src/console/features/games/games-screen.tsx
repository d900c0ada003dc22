import { hasPrizeRecord } from '@kaijiang/domain';
import { useSearchParams } from 'react-router';
import { useDashboardQuery } from '../../shared/dashboard-api';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { CalendarSection } from './calendar-section';
import { CorrectionSection } from './correction-section';
import { DrawDaysSection } from './draw-days-section';
import { ImportSection } from './import-section';
import { PrizesSection } from './prizes-section';
import { SourceSection } from './source-section';

export function GamesScreen() {
  const t = useT();
  const q = useDashboardQuery();
  const [params, setParams] = useSearchParams();
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  const games = q.data.games;
  const game = games.find((g) => g.id === Number(params.get('game'))) ?? games[0]!;
  return (
    <>
      <h1>{t('nav.games')}</h1>
      <div className="cs-field cs-field--inline">
        <label htmlFor="cs-games-game">{t('desk.game')}</label>
        <select
          id="cs-games-game"
          value={game.id}
          onChange={(e) => setParams({ game: e.currentTarget.value })}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <div className="cs-games-grid" key={game.id}>
        <SourceSection gameId={game.id} streamUrl={game.streamUrl} drawTime={game.drawTime} />
        {game.drawTime !== null && <DrawDaysSection game={game} />}
        <CalendarSection gameId={game.id} />
        <CorrectionSection gameId={game.id} />
        <ImportSection gameId={game.id} />
        {hasPrizeRecord(game.id) && <PrizesSection gameId={game.id} />}
      </div>
    </>
  );
}
