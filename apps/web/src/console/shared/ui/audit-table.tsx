import type { AuditRecord } from '@kaijiang/domain';
import { formatTime } from '../format';
import { useT, type T } from '../i18n';
import { MESSAGES, type MessageKey } from '../messages';

/** The Chinese name of a known action; the raw name stays beside it for filtering. */
function actionName(action: string, t: T): string {
  const key = `action.${action}`;
  return key in MESSAGES ? t(key as MessageKey) : '';
}

const show = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v);

/** Audit entries as a table; before and after in full, folded on a narrow screen. */
export function AuditTable({ entries }: { entries: AuditRecord[] }) {
  const t = useT();
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
          {entries.map((e) => (
            <tr key={e.id}>
              <td data-label={t('audit.at')} className="cs-nowrap">
                {formatTime(e.at)}
              </td>
              <td data-label={t('audit.actor')}>{e.actor}</td>
              <td data-label={t('audit.action')}>
                {actionName(e.action, t)} <span className="cs-mono cs-muted">{e.action}</span>
              </td>
              <td data-label={t('audit.target')} className="cs-mono">
                {e.target === '{}' ? '—' : e.target}
              </td>
              <td data-label={t('audit.change')} className="cs-change">
                {e.before !== null && (
                  <p>
                    <span className="cs-muted">{t('audit.before')}</span>{' '}
                    <code>{show(e.before)}</code>
                  </p>
                )}
                {e.after !== null && (
                  <p>
                    <span className="cs-muted">{t('audit.after')}</span>{' '}
                    <code>{show(e.after)}</code>
                  </p>
                )}
              </td>
              <td data-label={t('audit.address')} className="cs-mono">
                {e.address}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
