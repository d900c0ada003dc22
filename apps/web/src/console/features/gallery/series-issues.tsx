import { GALLERY_ISSUES_PAGE_SIZE, type AdminSeries, type SeriesIssueCard } from '@kaijiang/domain';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Pager } from '../../shared/ui/pager';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import { pictureSrc, useDeleteSeriesIssueMutation, useSeriesIssuesQuery } from './gallery-api';

/** A series' issues, newest first, with their pictures; an issue's pictures can be deleted. */
export function SeriesIssues({ series, onClose }: { series: AdminSeries; onClose: () => void }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const q = useSeriesIssuesQuery({ id: series.id, page });
  const [remove, removing] = useDeleteSeriesIssueMutation();
  const { guard } = useReauth();
  const [done, setDone] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const drop = (c: SeriesIssueCard) => {
    if (!window.confirm(t('gallery.deleteIssueConfirm', { issue: c.issue }))) return;
    setDone('');
    void guard(() => remove({ id: series.id, issue: c.issue }).unwrap()).then(
      () => setDone(t('gallery.issueDeleted', { issue: c.issue })),
      () => undefined,
    );
  };

  return (
    <section className="cs-card" aria-labelledby="cs-series-issues">
      <div className="cs-heading-row">
        <h2 id="cs-series-issues" ref={heading} tabIndex={-1}>
          {t('gallery.issuesTitle', { name: series.name })}
        </h2>
        <button type="button" className="cs-button" onClick={onClose}>
          {t('gallery.close')}
        </button>
      </div>
      {removing.error && (
        <p className="cs-form-error" role="alert">
          {errorText(removing.error, t)}
        </p>
      )}
      <p className="cs-ok" role="status">
        {done}
      </p>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
      ) : q.data.items.length === 0 ? (
        <Empty>{t('gallery.noIssues')}</Empty>
      ) : (
        <>
          <ul className="cs-gallery" aria-label={t('gallery.issuesTitle', { name: series.name })}>
            {q.data.items.map((c) => (
              <li key={c.issue} className="cs-card">
                <div className="cs-gallery__pair">
                  {(['colour', 'mono'] as const).map((v) => {
                    const img = c[v];
                    return img ? (
                      <img
                        key={v}
                        src={pictureSrc(img.thumb)}
                        width={img.width}
                        height={img.height}
                        alt={t('gallery.thumbAlt', {
                          issue: c.issue,
                          variant: t(`gallery.modes.${v}`),
                        })}
                        loading="lazy"
                      />
                    ) : null;
                  })}
                </div>
                <p>
                  <strong>{t('gallery.issue', { issue: c.issue })}</strong>
                  <br />
                  <span className="cs-muted">
                    {t('gallery.issueStats', { likes: c.likes, comments: c.comments })}
                  </span>
                </p>
                <button
                  type="button"
                  className="cs-button cs-button--danger"
                  disabled={removing.isLoading}
                  aria-label={t('gallery.deleteIssue', { issue: c.issue })}
                  onClick={() => drop(c)}
                >
                  {t('gallery.delete')}
                </button>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pages={Math.ceil(q.data.total / (q.data.pageSize || GALLERY_ISSUES_PAGE_SIZE))}
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
