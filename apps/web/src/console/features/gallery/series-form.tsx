import type { AdminSeries, GalleryModes } from '@kaijiang/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { Field } from '../../shared/ui/field';
import { useCreateSeriesMutation, useUpdateSeriesMutation } from './gallery-api';
import { checkSeries, draftOf, type SeriesDraft, type SeriesField } from './series-rules';

const MODES: GalleryModes[] = ['colour', 'mono', 'both'];

/**
 * Create a series (series = null) or edit one: name, game, versions, order, cover issue and
 * whether visitors see it. What is typed stays when the server refuses it.
 */
export function SeriesForm({
  series,
  gameId,
  games,
  onSaved,
  onClose,
}: {
  series: AdminSeries | null;
  gameId: number;
  games: { id: number; name: string }[];
  onSaved: (s: AdminSeries) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [draft, setDraft] = useState<SeriesDraft>(() => draftOf(series, gameId));
  const [errors, setErrors] = useState<Partial<Record<SeriesField, string>>>({});
  const [done, setDone] = useState('');
  const [create, creating] = useCreateSeriesMutation();
  const [update, updating] = useUpdateSeriesMutation();
  const state = series ? updating : creating;
  const server = fieldErrors(state.error);
  const heading = useRef<HTMLHeadingElement>(null);
  // On a phone the form opens below the table: bring it into view, keyboard focus with it.
  useEffect(() => heading.current?.focus(), []);

  const set = <K extends keyof SeriesDraft>(k: K, v: SeriesDraft[K]) => {
    setDone('');
    setDraft((d) => ({ ...d, [k]: v }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone('');
    const checked = checkSeries(draft, t);
    setErrors(checked.errors ?? {});
    if (!checked.input) return;
    const r = series
      ? await update({ id: series.id, patch: checked.input })
      : await create(checked.input);
    if ('error' in r) return;
    setDone(series ? t('gallery.saved') : t('gallery.created', { name: r.data.name }));
    onSaved(r.data);
  };
  const error = (k: SeriesField) => errors[k] ?? server[k];
  const title = series ? t('gallery.formEdit', { name: series.name }) : t('gallery.formNew');
  const generic = state.error && !Object.keys(server).length;

  return (
    <form className="cs-card" aria-labelledby="cs-series-form" onSubmit={submit} noValidate>
      <h2 id="cs-series-form" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      <Field
        label={t('gallery.name')}
        required
        value={draft.name}
        error={error('name')}
        autoComplete="off"
        onChange={(e) => set('name', e.currentTarget.value)}
      />
      <div className={`cs-field${error('gameId') ? ' cs-field--error' : ''}`}>
        <label htmlFor="cs-series-game">{t('desk.game')}</label>
        <select
          id="cs-series-game"
          value={draft.gameId}
          aria-invalid={error('gameId') ? true : undefined}
          onChange={(e) => set('gameId', Number(e.currentTarget.value))}
        >
          {games.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
        {error('gameId') && (
          <p className="cs-field__error" role="alert">
            {error('gameId')}
          </p>
        )}
      </div>
      <fieldset className="cs-fieldset cs-fieldset--plain">
        <legend>{t('gallery.modes')}</legend>
        {MODES.map((m) => (
          <label key={m} className="cs-check">
            <input
              type="radio"
              name="cs-series-modes"
              value={m}
              checked={draft.modes === m}
              onChange={() => set('modes', m)}
            />
            {t(`gallery.modes.${m}`)}
          </label>
        ))}
      </fieldset>
      <Field
        label={t('gallery.position')}
        inputMode="numeric"
        value={draft.position}
        hint={t('gallery.positionHint')}
        error={error('position')}
        onChange={(e) => set('position', e.currentTarget.value)}
      />
      <Field
        label={t('gallery.cover')}
        inputMode="numeric"
        maxLength={16}
        value={draft.coverIssue}
        placeholder={series?.latestIssue ?? ''}
        hint={series ? t('gallery.coverHintEdit') : t('gallery.coverHint')}
        error={error('coverIssue')}
        onChange={(e) => set('coverIssue', e.currentTarget.value.trim())}
      />
      <label className="cs-check">
        <input
          type="checkbox"
          checked={draft.hidden}
          onChange={(e) => set('hidden', e.currentTarget.checked)}
        />
        {t('gallery.hiddenField')}
      </label>
      {generic && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      {done && (
        <p className="cs-ok" role="status">
          {done}
        </p>
      )}
      <div className="cs-row-actions">
        <button type="submit" className="cs-button cs-button--primary" disabled={state.isLoading}>
          {series ? t('gallery.save') : t('gallery.create')}
        </button>
        <button type="button" className="cs-button" onClick={onClose}>
          {t('gallery.close')}
        </button>
      </div>
    </form>
  );
}
