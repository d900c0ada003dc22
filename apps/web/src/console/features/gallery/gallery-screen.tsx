import type { AdminSeries } from '@kaijiang/domain';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDashboardQuery } from '../../shared/dashboard-api';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import { BulkUpload } from './bulk-upload';
import { useAdminSeriesQuery, useDeleteSeriesMutation } from './gallery-api';
import { GalleryComments } from './gallery-comments';
import { SeriesForm } from './series-form';
import { SeriesIssues } from './series-issues';
import { SeriesTable, type SeriesAction } from './series-table';
import './gallery.css';

type Panel = 'new' | 'edit' | 'issues' | 'upload';
const PANELS: readonly string[] = ['new', 'edit', 'issues', 'upload'];

/**
 * The picture library (图库, issue 45): each game's named series with their views, likes and
 * comments; a series' form, issues and bulk upload open below the table; and comment moderation.
 * The address keeps the tab, the game and the open panel, so a view can be shared or reloaded.
 */
export function GalleryScreen() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'comments' ? 'comments' : 'series';
  return (
    <>
      <h1>{t('nav.gallery')}</h1>
      <div className="cs-tabs" role="group" aria-label={t('gallery.sections')}>
        {(['series', 'comments'] as const).map((k) => (
          <button
            key={k}
            type="button"
            className="cs-button"
            aria-pressed={tab === k}
            onClick={() => setParams(k === 'series' ? {} : { tab: k })}
          >
            {t(`gallery.tab.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'series' ? <SeriesSection /> : <GalleryComments />}
    </>
  );
}

function SeriesSection() {
  const t = useT();
  const games = useDashboardQuery();
  const [params, setParams] = useSearchParams();
  const list = games.data?.games ?? [];
  const gameId = Number(params.get('game')) || list[0]?.id;
  const panel = PANELS.includes(params.get('panel') ?? '') ? (params.get('panel') as Panel) : null;
  const seriesId = Number(params.get('series')) || null;
  const open = (p: Panel | null, id: number | null = null, game = gameId) =>
    setParams({
      ...(game !== undefined && { game: String(game) }),
      ...(p && { panel: p }),
      ...(id && { series: String(id) }),
    });
  if (games.isLoading) return <Loading />;
  if (games.error || gameId === undefined) {
    return <ErrorBox message={errorText(games.error, t)} onRetry={() => void games.refetch()} />;
  }
  return (
    <>
      <div className="cs-toolbar">
        <div className="cs-field">
          <label htmlFor="cs-gallery-game">{t('desk.game')}</label>
          <select
            id="cs-gallery-game"
            value={gameId}
            onChange={(e) => open(null, null, Number(e.currentTarget.value))}
          >
            {list.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="cs-button cs-button--primary"
          aria-expanded={panel === 'new'}
          onClick={() => open(panel === 'new' ? null : 'new')}
        >
          {t('gallery.newSeries')}
        </button>
      </div>
      <SeriesOfGame
        key={gameId}
        gameId={gameId}
        games={list}
        panel={panel}
        seriesId={seriesId}
        open={open}
      />
    </>
  );
}

function SeriesOfGame({
  gameId,
  games,
  panel,
  seriesId,
  open,
}: {
  gameId: number;
  games: { id: number; name: string }[];
  panel: Panel | null;
  seriesId: number | null;
  open: (p: Panel | null, id?: number | null, game?: number) => void;
}) {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useAdminSeriesQuery({ gameId, page });
  const [remove, removing] = useDeleteSeriesMutation();
  const { guard } = useReauth();
  const [done, setDone] = useState('');
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  const items = q.data.items;
  const current = items.find((s) => s.id === seriesId) ?? null;
  const act = (s: AdminSeries, a: SeriesAction) => {
    setDone('');
    if (a !== 'delete') return open(a, s.id);
    if (!window.confirm(t('gallery.deleteConfirm', { name: s.name, n: s.issueCount }))) return;
    void guard(() => remove(s.id).unwrap()).then(
      () => {
        setDone(t('gallery.deleted', { name: s.name }));
        if (s.id === seriesId) open(null);
      },
      () => undefined,
    );
  };
  const close = () => open(null);
  return (
    <>
      {items.length === 0 ? (
        <Empty>{t('gallery.none')}</Empty>
      ) : (
        <>
          <p className="cs-muted" aria-live="polite">
            {t('gallery.count', { n: q.data.total })}
          </p>
          <SeriesTable items={items} current={current?.id ?? null} onAction={act} />
          <Pager
            page={page}
            pages={Math.ceil(q.data.total / Math.max(1, q.data.pageSize))}
            onPage={setPage}
          />
        </>
      )}
      <p className="cs-ok" role="status">
        {done}
      </p>
      {removing.error && (
        <p className="cs-form-error" role="alert">
          {errorText(removing.error, t)}
        </p>
      )}
      <div className="cs-gallery-panel">
        {panel === 'new' && (
          <SeriesForm
            key="new"
            series={null}
            gameId={gameId}
            games={games}
            onSaved={(s) => {
              setDone(t('gallery.created', { name: s.name }));
              open('upload', s.id, s.gameId);
            }}
            onClose={close}
          />
        )}
        {panel === 'edit' && current && (
          <SeriesForm
            key={current.id}
            series={current}
            gameId={gameId}
            games={games}
            onSaved={(s) => {
              if (s.gameId !== gameId) open('edit', s.id, s.gameId);
            }}
            onClose={close}
          />
        )}
        {panel === 'issues' && current && (
          <SeriesIssues key={current.id} series={current} onClose={close} />
        )}
        {panel === 'upload' && current && (
          <BulkUpload key={current.id} series={current} onClose={close} />
        )}
      </div>
    </>
  );
}
