import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { useImportDrawsMutation } from './games-api';

/** Finished draws from a CSV file (the export's columns), with a report by line. */
export function ImportSection({ gameId }: { gameId: number }) {
  const t = useT();
  const [csv, setCsv] = useState('');
  const [name, setName] = useState('');
  const [update, setUpdate] = useState(false);
  const [run, state] = useImportDrawsMutation();
  const { guard } = useReauth();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const ask = update ? 'games.importConfirmUpdate' : 'games.importConfirm';
    if (!window.confirm(t(ask, { name: name || 'CSV' }))) return;
    // An import may replace published results: the password or a code first, as a correction.
    void guard(() => run({ gameId, csv, update }).unwrap()).catch(() => undefined);
  };
  const report = state.data;
  return (
    <section className="cs-card" aria-labelledby="cs-import-title">
      <h2 id="cs-import-title">{t('games.import')}</h2>
      <p className="cs-muted">{t('games.importHint')}</p>
      <form onSubmit={submit}>
        <div className="cs-field">
          <label htmlFor={`cs-csv-${gameId}`}>{t('games.csvFile')}</label>
          <input
            id={`cs-csv-${gameId}`}
            type="file"
            accept=".csv,text/csv"
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0];
              if (!file) return;
              setName(file.name);
              setCsv(await file.text());
            }}
          />
          {name && (
            <p className="cs-field__hint">
              {t('games.csvLines', { name, n: csv.split(/\r?\n/).filter((l) => l.trim()).length })}
            </p>
          )}
        </div>
        <label className="cs-check">
          <input
            type="checkbox"
            checked={update}
            onChange={(e) => setUpdate(e.currentTarget.checked)}
          />
          {t('games.csvUpdate')}
        </label>
        {state.error && (
          <p className="cs-form-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
        {report && (
          <div role="status" className={report.problems.length ? 'cs-note' : 'cs-ok'}>
            {report.problems.length === 0 ? (
              t('games.imported', {
                inserted: report.inserted,
                updated: report.updated,
                skipped: report.skipped,
              })
            ) : (
              <>
                <p>{t('games.importRefused', { n: report.problems.length })}</p>
                <ul className="cs-problems">
                  {report.problems.map((p) => (
                    <li key={`${p.line}:${p.message}`}>
                      {t('games.line', { line: p.line, message: p.message })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={state.isLoading || !csv}
        >
          {t('games.importSubmit')}
        </button>
      </form>
    </section>
  );
}
