import { useState, type FormEvent } from 'react';
import { errorText } from '../../shared/error-text';
import { formatTime } from '../../shared/format';
import { useT } from '../../shared/i18n';
import { Empty, ErrorBox, Loading } from '../../shared/ui/status';
import {
  useAddBlockedWordMutation,
  useBlockedWordsQuery,
  useChatReportsQuery,
  useChatRoomsQuery,
  useMuteMemberMutation,
  useRemoveBlockedWordMutation,
  useRemoveMessageMutation,
  useRoomMessagesQuery,
  type RoomMessage,
} from './chat-api';

/** Rooms are read again this often while the screen is open. */
const POLL_MS = 5_000;
const MUTES = [10, 60, 24 * 60] as const;

export function ChatScreen() {
  const t = useT();
  const rooms = useChatRoomsQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const [room, setRoom] = useState('game-110');
  return (
    <>
      <h1>{t('nav.chat')}</h1>
      <div className="cs-chat-grid">
        <div>
          <Reports />
          <section className="cs-card" aria-labelledby="cs-room-title">
            <h2 id="cs-room-title">{t('chat.rooms')}</h2>
            {rooms.isLoading ? (
              <Loading />
            ) : rooms.error || !rooms.data ? (
              <ErrorBox message={errorText(rooms.error, t)} onRetry={() => void rooms.refetch()} />
            ) : (
              <div className="cs-tabs" role="group" aria-label={t('chat.rooms')}>
                {rooms.data.map((r) => (
                  <button
                    key={r.id}
                    type="button"
                    className="cs-button"
                    aria-pressed={room === r.id}
                    onClick={() => setRoom(r.id)}
                  >
                    {r.name} · {t('chat.online', { n: r.online })}
                  </button>
                ))}
              </div>
            )}
            <RoomLog room={room} />
          </section>
        </div>
        <BlockedWords />
      </div>
    </>
  );
}

function Reports() {
  const t = useT();
  const q = useChatReportsQuery(undefined, {
    pollingInterval: POLL_MS,
    skipPollingIfUnfocused: true,
  });
  return (
    <section className="cs-card" aria-labelledby="cs-reports-title">
      <h2 id="cs-reports-title">{t('chat.reports')}</h2>
      {q.isLoading ? (
        <Loading />
      ) : q.error || !q.data ? (
        <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <Empty>{t('chat.noReports')}</Empty>
      ) : (
        <ul className="cs-chat-log">
          {q.data.map((m) => (
            <MessageRow key={m.id} m={m} note={t('chat.reportedN', { n: m.reports })} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RoomLog({ room }: { room: string }) {
  const t = useT();
  const q = useRoomMessagesQuery(room, { pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  if (q.isLoading) return <Loading />;
  if (q.error || !q.data)
    return <ErrorBox message={errorText(q.error, t)} onRetry={() => void q.refetch()} />;
  if (q.data.length === 0) return <Empty>{t('chat.empty')}</Empty>;
  return (
    <ul className="cs-chat-log" aria-label={t('chat.log')}>
      {q.data.map((m) => (
        <MessageRow key={m.id} m={m} />
      ))}
    </ul>
  );
}

function MessageRow({ m, note }: { m: RoomMessage; note?: string }) {
  const t = useT();
  const [remove, removing] = useRemoveMessageMutation();
  const [mute, muting] = useMuteMemberMutation();
  const [minutes, setMinutes] = useState<number>(60);
  const member = m.user.role !== 'system';
  return (
    <li className="cs-chat-msg">
      <p className="cs-muted">
        {m.user.nickname} {member && `#${m.user.id}`} · {formatTime(m.at)}{' '}
        {note && <strong className="cs-tag cs-tag--live">{note}</strong>}
      </p>
      <p className="cs-chat-msg__text">{m.text ?? (m.image ? t('chat.picture') : '')}</p>
      {member && (
        <div className="cs-row-actions">
          <button
            type="button"
            className="cs-button"
            disabled={removing.isLoading}
            onClick={() => {
              if (window.confirm(t('chat.removeConfirm'))) void remove(m.id);
            }}
          >
            {t('chat.remove')}
          </button>
          <label className="cs-visually-hidden" htmlFor={`cs-mute-${m.id}`}>
            {t('chat.muteFor')}
          </label>
          <select
            id={`cs-mute-${m.id}`}
            value={minutes}
            onChange={(e) => setMinutes(Number(e.currentTarget.value))}
          >
            {MUTES.map((n) => (
              <option key={n} value={n}>
                {n < 60
                  ? t('chat.minutes', { n })
                  : n < 1440
                    ? t('chat.hours', { n: n / 60 })
                    : t('chat.days', { n: n / 1440 })}
              </option>
            ))}
          </select>
          <button
            type="button"
            className="cs-button"
            disabled={muting.isLoading}
            onClick={() => void mute({ memberId: m.user.id, minutes })}
          >
            {t('chat.mute', { name: m.user.nickname })}
          </button>
          {muting.data && (
            <span role="status">{t('chat.mutedUntil', { at: formatTime(muting.data.until) })}</span>
          )}
          {(removing.error || muting.error) && (
            <span className="cs-form-error" role="alert">
              {errorText(removing.error ?? muting.error, t)}
            </span>
          )}
        </div>
      )}
    </li>
  );
}

function BlockedWords() {
  const t = useT();
  const q = useBlockedWordsQuery();
  const [add, adding] = useAddBlockedWordMutation();
  const [remove] = useRemoveBlockedWordMutation();
  const [word, setWord] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = await add(word.trim());
    if (!('error' in r)) setWord('');
  };
  return (
    <section className="cs-card" aria-labelledby="cs-words-title">
      <h2 id="cs-words-title">{t('chat.words')}</h2>
      <p className="cs-muted">{t('chat.wordsHint')}</p>
      <form className="cs-toolbar" onSubmit={submit}>
        <label htmlFor="cs-word" className="cs-visually-hidden">
          {t('chat.word')}
        </label>
        <input
          id="cs-word"
          maxLength={40}
          value={word}
          placeholder={t('chat.word')}
          onChange={(e) => setWord(e.currentTarget.value)}
        />
        <button
          type="submit"
          className="cs-button cs-button--primary"
          disabled={adding.isLoading || !word.trim()}
        >
          {t('site.add')}
        </button>
      </form>
      {adding.error && (
        <p className="cs-form-error" role="alert">
          {errorText(adding.error, t)}
        </p>
      )}
      {q.data && q.data.length === 0 && <Empty>{t('chat.noWords')}</Empty>}
      <ul className="cs-words">
        {q.data?.map((w) => (
          <li key={w}>
            <span>{w}</span>
            <button
              type="button"
              className="cs-link cs-link--dark"
              aria-label={t('chat.unblock', { word: w })}
              onClick={() => void remove(w)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
