import type { DrawSource } from '@kaijiang/domain';
import { useState, type FormEvent } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import type { MessageKey } from '../../shared/messages';
import { useReauth } from '../../shared/reauth';
import { Field } from '../../shared/ui/field';
import { ErrorBox, Loading } from '../../shared/ui/status';
import {
  useGameSourceQuery,
  useSaveDrawTimeMutation,
  useSaveSourceMutation,
  useSaveStreamMutation,
} from './games-api';

const SOURCES: DrawSource[] = ['simulator', 'manual', 'upstream'];

/** Where the game's results come from, and its live stream. */
export function SourceSection({
  gameId,
  streamUrl,
  drawTime,
}: {
  gameId: number;
  streamUrl: string;
  drawTime: string | null;
}) {
  const t = useT();
  const q = useGameSourceQuery(gameId);
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  const d = q.data;
  return (
    <section className="cs-card" aria-labelledby="cs-src-title">
      <h2 id="cs-src-title">{t('desk.source')}</h2>
      <SourceForm
        key={`${d.source}:${d.upstreamUrl}:${d.upstreamGameId}`}
        gameId={gameId}
        initial={{
          source: d.source,
          url: d.upstreamUrl ?? '',
          upstreamGame: d.upstreamGameId ? String(d.upstreamGameId) : '',
        }}
      />
      <StreamForm gameId={gameId} initial={streamUrl} />
      {drawTime !== null && <DrawTimeForm key={drawTime} gameId={gameId} initial={drawTime} />}
    </section>
  );
}

function SourceForm({
  gameId,
  initial,
}: {
  gameId: number;
  initial: { source: DrawSource; url: string; upstreamGame: string };
}) {
  const t = useT();
  const { guard } = useReauth();
  const [v, setV] = useState(initial);
  const [save, state] = useSaveSourceMutation();
  const fields = fieldErrors(state.error);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!window.confirm(t('desk.sourceConfirm', { source: t(`source.${v.source}`) }))) return;
    void guard(() =>
      save({
        gameId,
        source: v.source,
        ...(v.source === 'upstream' && {
          upstreamUrl: v.url.trim(),
          ...(v.upstreamGame && { upstreamGameId: Number(v.upstreamGame) }),
        }),
      }).unwrap(),
    ).catch(() => undefined);
  };
  return (
    <form onSubmit={submit}>
      <fieldset className="cs-fieldset cs-fieldset--plain">
        <legend>{t('games.sourceKind')}</legend>
        {SOURCES.map((s) => (
          <label key={s} className="cs-check">
            <input
              type="radio"
              name={`source-${gameId}`}
              checked={v.source === s}
              onChange={() => setV({ ...v, source: s })}
            />
            {t(`source.${s}` as MessageKey)}
          </label>
        ))}
      </fieldset>
      {v.source === 'upstream' && (
        <>
          <Field
            label={t('games.upstreamUrl')}
            inputMode="url"
            placeholder="https://other.example.com"
            value={v.url}
            error={fields.upstreamUrl}
            onChange={(e) => setV({ ...v, url: e.currentTarget.value })}
          />
          <Field
            label={t('games.upstreamGame')}
            inputMode="numeric"
            hint={t('games.upstreamGameHint')}
            value={v.upstreamGame}
            onChange={(e) => setV({ ...v, upstreamGame: e.currentTarget.value.replace(/\D/g, '') })}
          />
        </>
      )}
      {state.error && !fields.upstreamUrl && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      {state.isSuccess && (
        <p className="cs-ok" role="status">
          {t('site.saved')}
        </p>
      )}
      <button type="submit" className="cs-button cs-button--primary" disabled={state.isLoading}>
        {t('games.saveSource')}
      </button>
    </form>
  );
}

function StreamForm({ gameId, initial }: { gameId: number; initial: string }) {
  const t = useT();
  const [url, setUrl] = useState(initial);
  const [save, state] = useSaveStreamMutation();
  const fields = fieldErrors(state.error);
  return (
    <form
      className="cs-stream-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save({ gameId, streamUrl: url.trim() });
      }}
    >
      <Field
        label={t('games.stream')}
        hint={t('games.streamHint')}
        inputMode="url"
        placeholder="https://…/index.m3u8"
        value={url}
        error={fields.streamUrl}
        onChange={(e) => setUrl(e.currentTarget.value)}
      />
      {state.error && !fields.streamUrl && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      {state.isSuccess && (
        <p className="cs-ok" role="status">
          {t('site.saved')}
        </p>
      )}
      <button type="submit" className="cs-button" disabled={state.isLoading}>
        {t('games.saveStream')}
      </button>
    </form>
  );
}

/** The daily or weekly draw time; issue numbers stay, a time already past today draws at once. */
function DrawTimeForm({ gameId, initial }: { gameId: number; initial: string }) {
  const t = useT();
  const { guard } = useReauth();
  const [time, setTime] = useState(initial);
  const [save, state] = useSaveDrawTimeMutation();
  return (
    <form
      className="cs-stream-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (time === initial || !window.confirm(t('games.timeConfirm', { time }))) return;
        void guard(() => save({ gameId, drawTime: time }).unwrap()).catch(() => undefined);
      }}
    >
      <Field
        label={t('games.drawTime')}
        hint={t('games.drawTimeHint')}
        type="time"
        required
        value={time}
        onChange={(e) => setTime(e.currentTarget.value)}
      />
      {state.error && (
        <p className="cs-form-error" role="alert">
          {errorText(state.error, t)}
        </p>
      )}
      {state.data && (
        <p className="cs-ok" role="status">
          {t('games.timeSaved', { schedule: state.data.schedule })}
        </p>
      )}
      <button type="submit" className="cs-button" disabled={state.isLoading || !time}>
        {t('games.saveTime')}
      </button>
    </form>
  );
}
