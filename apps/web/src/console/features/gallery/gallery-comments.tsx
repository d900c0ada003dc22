import type { AdminGalleryComment } from '@kaijiang/domain';
import { useState } from 'react';
import { errorText } from '../../shared/error-text';
import { formatRecent } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import { useGalleryCommentsQuery, useSetCommentHiddenMutation } from './gallery-api';

/** Visitors' comments on the library's pictures, newest first: an operator hides or shows one. */
export function GalleryComments() {
  const t = useT();
  // The cursors of the pages walked so far: the last is the page shown, null the newest.
  const [cursors, setCursors] = useState<(number | null)[]>([null]);
  const q = useGalleryCommentsQuery(cursors[cursors.length - 1] ?? null);
  const next = q.data?.nextBefore ?? null;
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  if (q.data.items.length === 0 && cursors.length === 1)
    return <Empty>{t('gallery.noComments')}</Empty>;
  return (
    <section aria-labelledby="cs-gallery-comments">
      <h2 id="cs-gallery-comments">{t('gallery.comments')}</h2>
      <div className="cs-table-wrap">
        <table className="cs-table cs-table--cards">
          <thead>
            <tr>
              <th scope="col">{t('gallery.col.text')}</th>
              <th scope="col">{t('gallery.col.member')}</th>
              <th scope="col">{t('gallery.col.series')}</th>
              <th scope="col">{t('gallery.col.issue')}</th>
              <th scope="col">{t('gallery.col.time')}</th>
              <th scope="col">{t('gallery.col.state')}</th>
              <th scope="col">{t('gallery.col.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {q.data.items.map((c) => (
              <CommentRow key={c.id} c={c} />
            ))}
          </tbody>
        </table>
      </div>
      {(cursors.length > 1 || next !== null) && (
        <nav className="cs-pager" aria-label={t('pager.label')}>
          <button
            type="button"
            className="cs-button"
            disabled={cursors.length === 1}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            {t('gallery.newer')}
          </button>
          <button
            type="button"
            className="cs-button"
            disabled={next === null}
            onClick={() => setCursors((c) => [...c, next])}
          >
            {t('gallery.older')}
          </button>
        </nav>
      )}
    </section>
  );
}

function CommentRow({ c }: { c: AdminGalleryComment }) {
  const t = useT();
  const [setHidden, state] = useSetCommentHiddenMutation();
  const action = c.hidden ? t('gallery.showComment') : t('gallery.hideComment');
  return (
    <tr className={c.hidden ? 'cs-row--muted' : undefined}>
      <th scope="row" className="cs-question__text cs-break">
        {c.text}
      </th>
      <td data-label={t('gallery.col.member')}>
        {t('gallery.member', { nickname: c.nickname, id: c.memberId })}
      </td>
      <td data-label={t('gallery.col.series')}>{c.seriesName}</td>
      <td data-label={t('gallery.col.issue')}>{c.issue}</td>
      <td data-label={t('gallery.col.time')} className="cs-nowrap">
        {formatRecent(c.createdAt)}
      </td>
      <td data-label={t('gallery.col.state')}>
        {c.hidden ? (
          <span className="cs-tag cs-tag--off">{t('gallery.hidden')}</span>
        ) : (
          t('gallery.shown')
        )}
      </td>
      <td className="cs-row-actions">
        <button
          type="button"
          className="cs-button"
          disabled={state.isLoading}
          aria-label={t('gallery.commentOf', { action, nickname: c.nickname })}
          onClick={() => void setHidden({ id: c.id, hidden: !c.hidden })}
        >
          {action}
        </button>
        {state.error && (
          <span className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </span>
        )}
      </td>
    </tr>
  );
}
