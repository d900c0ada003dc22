import type { AdminSeries } from '@kaijiang/domain';
import { useState } from 'react';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { firstDir, sortSeries, type SeriesSort, type SortDir } from './series-sort';

export type SeriesAction = 'edit' | 'issues' | 'upload' | 'delete';

const COLUMNS: { key: SeriesSort; label: MessageKey }[] = [
  { key: 'position', label: 'gallery.col.position' },
  { key: 'issueCount', label: 'gallery.col.issues' },
  { key: 'latestIssue', label: 'gallery.col.latest' },
  { key: 'views', label: 'gallery.col.views' },
  { key: 'likes', label: 'gallery.col.likes' },
  { key: 'comments', label: 'gallery.col.comments' },
];

/** A game's series, sortable by each column; a row's buttons open its panels. */
export function SeriesTable({
  items,
  current,
  onAction,
}: {
  items: AdminSeries[];
  current: number | null;
  onAction: (s: AdminSeries, a: SeriesAction) => void;
}) {
  const t = useT();
  const [sort, setSort] = useState<{ key: SeriesSort; dir: SortDir }>({
    key: 'position',
    dir: 'asc',
  });
  const rows = sortSeries(items, sort.key, sort.dir);
  const header = (key: SeriesSort, label: MessageKey, row = false) => {
    const on = sort.key === key;
    const text = t(label);
    return (
      <th
        key={key}
        scope="col"
        aria-sort={on ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined}
        className={row ? 'cs-sort-name' : undefined}
      >
        <button
          type="button"
          className="cs-sort"
          onClick={() =>
            setSort({
              key,
              dir: on ? (sort.dir === 'asc' ? 'desc' : 'asc') : firstDir(key),
            })
          }
        >
          {text}
          <span aria-hidden="true">{on ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
        </button>
      </th>
    );
  };
  const actions: { a: SeriesAction; label: MessageKey }[] = [
    { a: 'edit', label: 'gallery.edit' },
    { a: 'issues', label: 'gallery.issues' },
    { a: 'upload', label: 'gallery.upload' },
    { a: 'delete', label: 'gallery.delete' },
  ];
  const all: { key: SeriesSort; label: MessageKey }[] = [
    { key: 'name', label: 'gallery.col.name' },
    ...COLUMNS,
  ];
  return (
    <div className="cs-table-wrap">
      {/* A phone's table is a list of cards without column heads: the order is chosen here. */}
      <div className="cs-field cs-phone-only">
        <label htmlFor="cs-series-sort">{t('gallery.sortLabel')}</label>
        <select
          id="cs-series-sort"
          value={`${sort.key}:${sort.dir}`}
          onChange={(e) => {
            const [key, dir] = e.currentTarget.value.split(':') as [SeriesSort, SortDir];
            setSort({ key, dir });
          }}
        >
          {all.flatMap(({ key, label }) =>
            (['asc', 'desc'] as const).map((dir) => (
              <option key={`${key}:${dir}`} value={`${key}:${dir}`}>
                {t(dir === 'asc' ? 'gallery.sortAsc' : 'gallery.sortDesc', { col: t(label) })}
              </option>
            )),
          )}
        </select>
      </div>
      <table className="cs-table cs-table--cards cs-series-table">
        <caption className="cs-visually-hidden">{t('gallery.table')}</caption>
        <thead>
          <tr>
            {header('name', 'gallery.col.name', true)}
            <th scope="col">{t('gallery.col.modes')}</th>
            <th scope="col">{t('gallery.col.state')}</th>
            {COLUMNS.map((c) => header(c.key, c.label))}
            <th scope="col">{t('gallery.col.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((s) => (
            <tr key={s.id} className={s.id === current ? 'cs-row--current' : undefined}>
              <th scope="row">{s.name}</th>
              <td data-label={t('gallery.col.modes')}>{t(`gallery.modes.${s.modes}`)}</td>
              <td data-label={t('gallery.col.state')}>
                {s.hidden ? (
                  <span className="cs-tag cs-tag--off">{t('gallery.hidden')}</span>
                ) : (
                  t('gallery.shown')
                )}
              </td>
              <td data-label={t('gallery.col.position')} className="cs-num">
                {s.position}
              </td>
              <td data-label={t('gallery.col.issues')} className="cs-num">
                {s.issueCount}
              </td>
              <td data-label={t('gallery.col.latest')} className="cs-nowrap">
                {s.latestIssue ?? '—'}
              </td>
              <td data-label={t('gallery.col.views')} className="cs-num">
                {s.views}
              </td>
              <td data-label={t('gallery.col.likes')} className="cs-num">
                {s.likes}
              </td>
              <td data-label={t('gallery.col.comments')} className="cs-num">
                {s.comments}
              </td>
              <td className="cs-row-actions">
                {actions.map(({ a, label }) => (
                  <button
                    key={a}
                    type="button"
                    className={a === 'delete' ? 'cs-button cs-button--danger' : 'cs-button'}
                    aria-label={t('gallery.forSeries', { action: t(label), name: s.name })}
                    onClick={() => onAction(s, a)}
                  >
                    {t(label)}
                  </button>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
