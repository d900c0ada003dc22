import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/error-text';
import { actionChoices, actionLabel } from '../../shared/audit-text';
import { useLocale, useT } from '../../shared/i18n';
import { AuditTable } from '../../shared/ui/audit-table';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import { AUDIT_PAGE, useAuditQuery } from './audit-api';

/** Filters and the page (entries before an id) live in the address: a view can be shared. */
export function AuditScreen() {
  const t = useT();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const actor = params.get('actor') ?? '';
  const action = params.get('action') ?? '';
  const before = Number(params.get('before')) || undefined;
  const [typedActor, setTypedActor] = useState(actor);
  const [typedAction, setTypedAction] = useState(action);
  const q = useAuditQuery({ actor: actor || undefined, action: action || undefined, before });

  const filter = (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (typedActor.trim()) next.actor = typedActor.trim();
    if (typedAction) next.action = typedAction;
    setParams(next);
  };
  const entries = q.data ?? [];
  return (
    <>
      <h1>{t('nav.audit')}</h1>
      <form className="cs-toolbar" onSubmit={filter}>
        <div className="cs-field">
          <label htmlFor="cs-audit-actor">{t('audit.actor')}</label>
          <input
            id="cs-audit-actor"
            maxLength={40}
            value={typedActor}
            onChange={(e) => setTypedActor(e.currentTarget.value)}
          />
        </div>
        <div className="cs-field">
          <label htmlFor="cs-audit-action">{t('audit.action')}</label>
          <select
            id="cs-audit-action"
            value={typedAction}
            onChange={(e) => setTypedAction(e.currentTarget.value)}
          >
            <option value="">{t('audit.allActions')}</option>
            {actionChoices(locale).map((g) => (
              <optgroup key={g.prefix} label={g.area}>
                <option value={g.prefix}>{t('audit.areaAll', { area: g.area })}</option>
                {g.actions.map((a) => (
                  <option key={a} value={a}>
                    {actionLabel(a, locale)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
        <button type="submit" className="cs-button cs-button--primary">
          {t('audit.filter')}
        </button>
      </form>
      {q.isLoading ? (
        <Loading />
      ) : q.error ? (
        <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
      ) : entries.length === 0 ? (
        <Empty>{t('audit.empty')}</Empty>
      ) : (
        <>
          <AuditTable entries={entries} />
          <nav className="cs-pager" aria-label={t('pager.label')}>
            {before !== undefined && (
              <button
                type="button"
                className="cs-button"
                onClick={() => setParams(withoutBefore(params))}
              >
                {t('audit.newest')}
              </button>
            )}
            {entries.length === AUDIT_PAGE && (
              <button
                type="button"
                className="cs-button"
                onClick={() =>
                  setParams({ ...Object.fromEntries(params), before: String(entries.at(-1)!.id) })
                }
              >
                {t('audit.older')}
              </button>
            )}
          </nav>
        </>
      )}
    </>
  );
}

function withoutBefore(params: URLSearchParams): Record<string, string> {
  const next = Object.fromEntries(params);
  delete next.before;
  return next;
}
