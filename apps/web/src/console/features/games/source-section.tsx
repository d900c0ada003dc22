import { useState } from 'react';
import { errorText, fieldErrors } from '../../shared/error-text';
import { useT } from '../../shared/i18n';
import { useReauth } from '../../shared/reauth';
import { Field } from '../../shared/ui/field';
import { ErrorBox, Loading } from '../../shared/ui/status';
import { useGameFeedsQuery } from './feeds-api';
import { FeedsForm } from './feeds-form';
import { FeedsStatus } from './feeds-status';
import { useSaveDrawTimeMutation, useSaveStreamMutation } from './games-api';

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
  // Every 10 s: the sources' state, alerts and disputes move while the console is open.
  const q = useGameFeedsQuery(gameId, { pollingInterval: 10_000 });
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  const d = q.data.settings;
  return (
    <section className="cs-card" aria-labelledby="cs-src-title">
      <h2 id="cs-src-title">{t('desk.source')}</h2>
      <FeedsStatus gameId={gameId} overview={q.data} />
      {/* Read once: a save refetches the overview, and its answer must stay on screen. */}
      <FeedsForm gameId={gameId} initial={d} />
      <StreamForm gameId={gameId} initial={streamUrl} />
      {drawTime !== null && <DrawTimeForm key={drawTime} gameId={gameId} initial={drawTime} />}
    </section>
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
