import { DRAW_SOURCES, type DrawSourceSettings } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { useReauth } from '../../shared/reauth';
import { Field } from '../../shared/ui/field';
import { useSaveFeedsMutation, useTestFeedMutation, type FeedEntryInput } from './feeds-api';

const MAX = 5;
type Row = { id: number; kind: string; url: string; remote: string };
let nextId = 0;

/** One source of the list: its kind, address and remote name, and a button that asks it now. */
function FeedRow({
  gameId,
  row,
  index,
  count,
  fields,
  onChange,
  onMove,
  onRemove,
}: {
  gameId: number;
  row: Row;
  index: number;
  count: number;
  fields: Record<string, string>;
  onChange: (r: Row) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const t = useT();
  const [test, tested] = useTestFeedMutation();
  const feed = row.kind === 'kaijiang' || row.kind === 'hkjc' || row.kind === 'macaujc';
  const kinds =
    index === 0 ? DRAW_SOURCES : DRAW_SOURCES.filter((k) => k !== 'simulator' && k !== 'manual');
  const at = `sources.${index}`;
  return (
    <fieldset className="cs-fieldset cs-feed" data-feed-row={index}>
      <legend>{t('feeds.row', { n: index + 1 })}</legend>
      <label className="cs-field">
        {t('feeds.kind')}
        <select
          value={row.kind}
          onChange={(e) => onChange({ ...row, kind: e.currentTarget.value })}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {t(`source.${k}` as MessageKey)}
            </option>
          ))}
        </select>
      </label>
      {feed && (
        <>
          <Field
            label={t('feeds.url')}
            hint={row.kind === 'hkjc' ? t('feeds.urlHint') : undefined}
            inputMode="url"
            placeholder="https://"
            value={row.url}
            error={fields[`${at}.url`]}
            onChange={(e) => onChange({ ...row, url: e.currentTarget.value })}
          />
          {row.kind !== 'hkjc' && (
            <Field
              label={t('feeds.remote')}
              hint={t('feeds.remoteHint')}
              value={row.remote}
              error={fields[`${at}.remote`]}
              onChange={(e) => onChange({ ...row, remote: e.currentTarget.value })}
            />
          )}
        </>
      )}
      <div className="cs-feed__actions">
        <button
          type="button"
          className="cs-button"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          {t('feeds.up')}
        </button>
        <button
          type="button"
          className="cs-button"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          {t('feeds.down')}
        </button>
        <button type="button" className="cs-button" disabled={count === 1} onClick={onRemove}>
          {t('feeds.remove')}
        </button>
        {feed && (
          <button
            type="button"
            className="cs-button"
            disabled={tested.isLoading}
            onClick={() => void test({ gameId, ...toInput(row) })}
          >
            {tested.isLoading ? t('feeds.testing') : t('feeds.test')}
          </button>
        )}
      </div>
      {tested.data && (
        <div className={tested.data.ok ? 'cs-ok' : 'cs-form-error'} role="status" data-feed-test>
          {tested.data.ok
            ? t('feeds.testOk', { ms: tested.data.ms })
            : t('feeds.testFailed', { error: tested.data.error ?? '' })}
          {tested.data.answer && <pre className="cs-feed__answer">{tested.data.answer}</pre>}
        </div>
      )}
      {tested.error && (
        <p className="cs-form-error" role="alert">
          {errorText(tested.error, t)}
        </p>
      )}
    </fieldset>
  );
}

const toInput = (r: Row): FeedEntryInput => ({
  kind: r.kind,
  url: r.url.trim() || null,
  remote: r.remote.trim() || null,
});

/** The ordered source list with graceS and lateS; saving it asks for confirmation and a recent sign-in. */
export function FeedsForm({ gameId, initial }: { gameId: number; initial: DrawSourceSettings }) {
  const t = useT();
  const { guard } = useReauth();
  const [rows, setRows] = useState<Row[]>(() =>
    initial.sources.map((s) => ({
      id: nextId++,
      kind: s.kind,
      url: s.url ?? '',
      remote: s.remote ?? '',
    })),
  );
  const [grace, setGrace] = useState(String(initial.graceS));
  const [late, setLate] = useState(String(initial.lateS));
  const [save, state] = useSaveFeedsMutation();
  const fields = fieldErrors(state.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!window.confirm(t('feeds.confirm'))) return;
    void guard(() =>
      save({
        gameId,
        sources: rows.map(toInput),
        graceS: Number(grace),
        lateS: Number(late),
      }).unwrap(),
    ).catch(() => undefined);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    setRows(next);
  };
  return (
    <form onSubmit={submit} aria-label={t('feeds.title')}>
      <p className="cs-field__hint">{t('feeds.title')}</p>
      {rows.map((r, i) => (
        <FeedRow
          key={r.id}
          gameId={gameId}
          row={r}
          index={i}
          count={rows.length}
          fields={fields}
          onChange={(x) => setRows(rows.map((y, j) => (j === i ? x : y)))}
          onMove={(by) => move(i, by)}
          onRemove={() => setRows(rows.filter((_, j) => j !== i))}
        />
      ))}
      <button
        type="button"
        className="cs-button"
        disabled={rows.length >= MAX}
        onClick={() => setRows([...rows, { id: nextId++, kind: 'hkjc', url: '', remote: '' }])}
      >
        {t('feeds.add')}
      </button>
      <Field
        label={t('feeds.grace')}
        type="number"
        min={0}
        max={3600}
        value={grace}
        error={fields.graceS}
        onChange={(e) => setGrace(e.currentTarget.value)}
      />
      <Field
        label={t('feeds.late')}
        type="number"
        min={10}
        max={86400}
        value={late}
        error={fields.lateS}
        onChange={(e) => setLate(e.currentTarget.value)}
      />
      {state.error && Object.keys(fields).length === 0 && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      {state.error && Object.keys(fields).length > 0 && (
        <p className="cs-form-error" role="alert">
          {Object.values(fields).join('；')}
        </p>
      )}
      {state.data && (
        <p className="cs-ok" role="status">
          {t('feeds.saved', { n: state.data.removed })}
        </p>
      )}
      <button type="submit" className="cs-button cs-button--primary" disabled={state.isLoading}>
        {t('games.saveSource')}
      </button>
    </form>
  );
}
