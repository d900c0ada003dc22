import type { AuditRecord } from '@kaijiang/domain';
import { actionLabel, changeLines, targetText } from '../audit-text';
import { formatTime } from '../format';
import { useLocale, useT } from '../i18n';

/** Audit entries as a table: the action in words and what changed, field by field. */
export function AuditTable({ entries }: { entries: AuditRecord[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="cs-table-wrap">
      <table className="cs-table cs-table--audit cs-table--cards">
        <thead>
          <tr>
            <th scope="col">{t('audit.at')}</th>
            <th scope="col">{t('audit.actor')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.change')}</th>
            <th scope="col">{t('audit.address')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => {
            const lines = changeLines(e, locale);
            return (
              <tr key={e.id}>
                <td data-label={t('audit.at')} className="cs-nowrap">
                  {formatTime(e.at)}
                </td>
                <td data-label={t('audit.actor')}>{e.actor}</td>
                <td data-label={t('audit.action')} title={e.action}>
                  {actionLabel(e.action, locale)}
                </td>
                <td data-label={t('audit.target')}>{targetText(e.target, locale) ?? '—'}</td>
                <td data-label={t('audit.change')} className="cs-change">
                  {lines.length === 0 ? (
                    '—'
                  ) : (
                    <ul>
                      {lines.map((l, i) => (
                        <li key={i}>
                          {l.field ? <span className="cs-change__field">{l.field}：</span> : null}
                          {l.before !== null ? (
                            <>
                              <del>{l.before}</del>
                              {l.after !== null ? ' → ' : null}
                            </>
                          ) : null}
                          {l.after !== null ? <ins>{l.after}</ins> : null}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td data-label={t('audit.address')} className="cs-mono">
                  {e.address}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
