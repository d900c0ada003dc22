import { lunarYearOf, type DrawSource } from '@kaijiang/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useLocale, useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Ball, ballFacts } from '../../shared/ui/ball';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { useDashboardQuery } from '../../shared/dashboard-api';
import {
  useDrawSourceQuery,
  useEnterBallMutation,
  useLatestDrawQuery,
  useSetDrawSourceMutation,
} from './desk-api';
import { NumberPad } from './number-pad';

/** The draw under way is refreshed this often (another operator may be entering balls too). */
const POLL_MS = 3_000;

export function DeskScreen() {
  const t = useT();
  const games = useDashboardQuery();
  const [params, setParams] = useSearchParams();
  const list = games.data?.games ?? [];
  const gameId =
    Number(params.get('game')) || list.find((g) => g.source === 'manual')?.id || list[0]?.id;

  if (games.isLoading) return <Loading />;
  if (games.error || gameId === undefined) {
    return <ErrorBox message={errorText(games.error, t)} onRetry={() => void games.refetch()} />;
  }
  return (
    <>
      <h1>{t('nav.desk')}</h1>
      <div className="cs-field cs-field--inline">
        <label htmlFor="cs-desk-game">{t('desk.game')}</label>
        <select
          id="cs-desk-game"
          value={gameId}
          onChange={(e) => setParams({ game: e.currentTarget.value })}
        >
          {list.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </div>
      <Desk key={gameId} gameId={gameId} />
    </>
  );
}

function Desk({ gameId }: { gameId: number }) {
  const t = useT();
  const hant = useLocale() === 'zh-Hant';
  const { guard } = useReauth();
  const source = useDrawSourceQuery(gameId);
  const latest = useLatestDrawQuery(gameId, { pollingInterval: POLL_MS });
  const [setSource, sourceState] = useSetDrawSourceMutation();
  const [enter, entering] = useEnterBallMutation();
  const [chosen, setPicked] = useState<string | null>(null);
  const [told, setTold] = useState('');

  const drawn = latest.data?.status === 'drawing' ? latest.data.numbers : [];
  // Another operator's ball (or a new draw) makes an earlier pick stale.
  const picked = chosen && !drawn.includes(chosen) ? chosen : null;

  if (source.isLoading || latest.isLoading) return <Loading />;
  if (source.error)
    return <ErrorBox message={errorText(source.error, t)} onRetry={() => void source.refetch()} />;
  if (latest.error || !latest.data) {
    return <ErrorBox message={errorText(latest.error, t)} onRetry={() => void latest.refetch()} />;
  }
  const d = latest.data;
  const manual = source.data?.source === 'manual';
  const drawing = d.status === 'drawing';
  const year = lunarYearOf(new Date(d.drawAt));
  const position = drawn.length;
  const positionName = position >= 6 ? t('desk.special') : t('desk.nth', { n: position + 1 });

  // What visitors see of a draw changes with its source: never on one stray tap.
  const changeSource = (to: DrawSource) => {
    if (!window.confirm(t('desk.sourceConfirm', { source: t(`source.${to}`) }))) return;
    guard(() => setSource({ gameId, source: to }).unwrap()).catch(() => undefined);
  };

  const publish = async () => {
    if (!picked) return;
    try {
      const snap = await guard(() =>
        enter({ gameId, number: picked, ...(drawing && { issue: d.issue }) }).unwrap(),
      );
      setTold(t('desk.published', { n: picked, issue: snap.issue, count: snap.numbers.length }));
      setPicked(null);
    } catch {
      // The error stays on screen under the button (entering.error).
    }
  };

  return (
    <div className="cs-desk">
      <section className="cs-card" aria-labelledby="cs-source-title">
        <h2 id="cs-source-title">{t('desk.source')}</h2>
        <p>
          {t('desk.sourceNow')}{' '}
          <strong>{t(`source.${source.data!.source}` as 'source.simulator')}</strong>
        </p>
        {manual ? (
          <button
            type="button"
            className="cs-button"
            disabled={sourceState.isLoading}
            onClick={() => void changeSource('simulator')}
          >
            {t('desk.toSimulator')}
          </button>
        ) : (
          <button
            type="button"
            className="cs-button cs-button--primary"
            disabled={sourceState.isLoading}
            onClick={() => void changeSource('manual')}
          >
            {t('desk.toManual')}
          </button>
        )}
        {sourceState.error && (
          <p className="cs-form-error" role="alert">
            {errorText(sourceState.error, t)}
          </p>
        )}
      </section>

      <section className="cs-card cs-desk__draw" aria-labelledby="cs-draw-title">
        <h2 id="cs-draw-title">
          {drawing ? t('desk.drawing', { issue: d.issue }) : t('desk.notDrawing')}
        </h2>
        <p className="cs-muted">
          {drawing
            ? t('desk.progress', { n: drawn.length })
            : t('desk.last', { issue: d.issue, next: d.nextIssue, at: formatTime(d.nextDrawAt) })}
        </p>
        <div className="cs-balls" aria-label={t('desk.out')}>
          {drawn.length === 0 ? (
            <span className="cs-muted">{t('desk.none')}</span>
          ) : (
            drawn.map((n, i) => (
              <span key={n} className={i === 6 ? 'cs-balls__special' : undefined}>
                <Ball n={n} lunarYear={year} />
              </span>
            ))
          )}
        </div>
        {!manual && <p className="cs-note">{t('desk.needManual')}</p>}
        <NumberPad
          drawn={drawn}
          selected={picked}
          disabled={!manual || entering.isLoading}
          onPick={(n) => {
            setPicked(n);
            setTold('');
          }}
        />
        <div className="cs-preview" aria-live="polite">
          {picked ? (
            <>
              <Ball n={picked} lunarYear={year} size="lg" />
              <div>
                <p className="cs-preview__title">
                  {positionName} · {picked}
                </p>
                <p>{ballFacts(picked, year, hant).join(' · ')}</p>
              </div>
              <button
                type="button"
                className="cs-button cs-button--primary cs-button--big"
                disabled={entering.isLoading}
                onClick={() => void publish()}
              >
                {t('desk.confirm', { n: picked })}
              </button>
            </>
          ) : (
            <p className="cs-muted">{told || t('desk.pick')}</p>
          )}
        </div>
        {entering.error && (
          <p className="cs-form-error" role="alert">
            {errorText(entering.error, t)}
          </p>
        )}
      </section>
    </div>
  );
}
