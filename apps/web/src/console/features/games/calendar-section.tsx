import type { CalendarChangeKind } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { Field } from '../../shared/ui/field';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import {
  useCalendarChangesQuery,
  useRemoveCalendarChangeMutation,
  useSetCalendarChangeMutation,
} from './games-api';

const KINDS: CalendarChangeKind[] = ['moved', 'skipped', 'added'];

/** Days that differ from the regular schedule: a draw moved, skipped or added. */
export function CalendarSection({ gameId }: { gameId: number }) {
  const t = useT();
  const q = useCalendarChangesQuery(gameId);
  const [remove, removing] = useRemoveCalendarChangeMutation();
  const [set, setting] = useSetCalendarChangeMutation();
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<CalendarChangeKind>('skipped');
  const [at, setAt] = useState('');
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const drawAt = kind === 'skipped' || !at ? null : new Date(at).toISOString();
    const r = await set({ gameId, date, change: { kind, drawAt, note: note.trim() } });
    if (!('error' in r)) {
      setDate('');
      setAt('');
      setNote('');
    }
  };
  return (
    <section className="cs-card" aria-labelledby="cs-cal-title">
      <h2 id="cs-cal-title">{t('games.calendar')}</h2>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <Empty>{t('games.noChanges')}</Empty>
      ) : (
        <ul className="cs-rows">
          {q.data.map((c) => (
            <li key={c.date} className="cs-cal-row">
              <span>
                <strong>{c.date}</strong> {t(`games.kind.${c.kind}` as MessageKey)}
                {c.drawAt && ` → ${formatTime(c.drawAt)}`} · {c.note}
              </span>
              <button
                type="button"
                className="cs-button"
                disabled={removing.isLoading}
                onClick={() => void remove({ gameId, date: c.date })}
              >
                {t('games.removeChange')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing.error && (
        <p className="cs-form-error" role="alert">
          {errorText(removing.error, t)}
        </p>
      )}
      <h3>{t('games.addChange')}</h3>
      <form className="cs-two" onSubmit={submit}>
        <Field
          label={t('games.date')}
          type="date"
          required
          value={date}
          onChange={(e) => setDate(e.currentTarget.value)}
        />
        <div className="cs-field">
          <label htmlFor={`cs-kind-${gameId}`}>{t('games.kind')}</label>
          <select
            id={`cs-kind-${gameId}`}
            value={kind}
            onChange={(e) => setKind(e.currentTarget.value as CalendarChangeKind)}
          >
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`games.kind.${k}` as MessageKey)}
              </option>
            ))}
          </select>
        </div>
        {kind !== 'skipped' && (
          <Field
            label={t('games.newTime')}
            type="datetime-local"
            required
            value={at}
            onChange={(e) => setAt(e.currentTarget.value)}
          />
        )}
        <Field
          label={t('games.note')}
          hint={t('games.noteHint')}
          required
          maxLength={200}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {setting.error && (
          <p className="cs-form-error" role="alert">
            {errorText(setting.error, t)}
          </p>
        )}
        <div>
          <button
            type="submit"
            className="cs-button cs-button--primary"
            disabled={setting.isLoading || !date || !note.trim()}
          >
            {t('site.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
