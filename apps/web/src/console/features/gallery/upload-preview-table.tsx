import type { UploadPreview } from '@kaijiang/domain';
import { useState } from 'react';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { previewRows, summarize } from './upload-selection';

/**
 * What the server will do with each file of a bulk upload: the issue, version and place it goes
 * to, whether it replaces a picture, or why it will not be saved. Nothing is saved yet.
 */
export function UploadPreviewTable({ preview }: { preview: UploadPreview }) {
  const t = useT();
  const [onlyProblems, setOnlyProblems] = useState(false);
  const sum = summarize(preview);
  const rows = previewRows(preview, onlyProblems);
  return (
    <div className="cs-upload-preview">
      <p role="status">
        {t('gallery.previewSummary', {
          ok: sum.ok,
          issues: sum.issues.length,
          replace: sum.replace,
          bad: sum.bad,
        })}
      </p>
      <p className="cs-muted">{t('gallery.expires', { time: formatTime(preview.expiresAt) })}</p>
      {sum.bad > 0 && (
        <label className="cs-check">
          <input
            type="checkbox"
            checked={onlyProblems}
            onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
          />
          {t('gallery.onlyProblems')}
        </label>
      )}
      <div className="cs-table-wrap cs-table-wrap--tall">
        <table className="cs-table cs-table--cards">
          <caption className="cs-visually-hidden">{t('gallery.previewCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('gallery.col.file')}</th>
              <th scope="col">{t('gallery.col.issue')}</th>
              <th scope="col">{t('gallery.col.variant')}</th>
              <th scope="col">{t('gallery.col.place')}</th>
              <th scope="col">{t('gallery.col.outcome')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((f, i) => {
              const problem = f.problem ?? (f.issue === null ? t('gallery.noIssueInName') : null);
              return (
                <tr key={`${f.name}-${i}`} className={problem ? 'cs-row--problem' : undefined}>
                  <th scope="row" className="cs-break">
                    {f.name}
                  </th>
                  <td data-label={t('gallery.col.issue')}>{f.issue ?? '—'}</td>
                  <td data-label={t('gallery.col.variant')}>
                    {f.variant ? t(`gallery.modes.${f.variant}`) : '—'}
                  </td>
                  <td data-label={t('gallery.col.place')}>
                    {f.position === null ? '—' : t('gallery.place', { n: f.position + 1 })}
                  </td>
                  <td data-label={t('gallery.col.outcome')}>
                    {problem ? (
                      <span className="cs-form-error">
                        {t('gallery.outcome.problem', { problem })}
                      </span>
                    ) : f.replaces ? (
                      <span className="cs-tag cs-tag--warn">{t('gallery.outcome.replace')}</span>
                    ) : (
                      t('gallery.outcome.new')
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
