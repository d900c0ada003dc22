import { CHAT_TEXT_MAX } from '@kaijiang/domain';
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/shared/config/paths';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Skeleton } from '@/shared/ui/skeleton';
import { useChatRoomQuery } from '../api/chat-api';
import { ensureChatToken } from '../api/chat-session';
import { loadOlder } from '../api/older-messages';
import { uploadChatImage } from '../api/upload-image';
import type { ChatConnection } from '../model/chat-connection';
import { ChatError } from '../model/chat-error';
import { connections } from '../model/connections';
import { chatWords } from '../model/words';
import { ChatMessageRow } from './chat-message';
import './chat.css';

/** How close to the bottom (px) still counts as reading the newest messages. */
const AT_BOTTOM_PX = 48;

/**
 * A room of the chat (docs/architecture.md §10) beside the draw: the newest message at the bottom, kept in
 * view while the visitor reads there (a pill to jump down when they have scrolled up), older
 * pages on demand, and the input for a signed-in member (a sign-in prompt for a visitor).
 */
export function ChatPanel({ room, name }: { room: string; name: string }) {
  const w = useMessages(chatWords);
  const locale = useLocale();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectSignedIn);
  const location = useLocation();
  const { data: view, error, refetch, isLoading } = useChatRoomQuery(room);
  const list = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(true);
  // The newest message the visitor has had in view (the pill tells of any after it).
  const [seenAt, setSeenAt] = useState<number | undefined>();
  // The moment a mute ends, for the input to come back (set by a timer, read in render).
  const [muteOver, setMuteOver] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [olderBusy, setOlderBusy] = useState(false);
  const [viewer, setViewer] = useState<string | null>(null);
  const lastId = view?.messages.at(-1)?.id;
  const firstId = view?.messages[0]?.id;
  const height = useRef(0);

  // Signed in: the chat token (a new one from a ticket when none is kept), then the socket signs in.
  useEffect(() => {
    if (!signedIn || !view || view.connection !== 'open' || view.user) return;
    let gone = false;
    ensureChatToken(dispatch)
      .then((token) => {
        if (!gone && token) void connections.get(room)?.auth();
      })
      .catch((e: unknown) => !gone && setNotice((e as Error).message));
    return () => {
      gone = true;
    };
  }, [signedIn, view?.connection, view?.user, room, dispatch, view]);

  // New messages: followed when the visitor is at the bottom, told by the pill otherwise.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el || lastId === undefined) return;
    if (atBottom) el.scrollTop = el.scrollHeight;
    // atBottom is read, not followed: scrolling itself must not jump the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lastId]);

  // Older messages added at the top keep the one being read where it was.
  useLayoutEffect(() => {
    const el = list.current;
    if (!el) return;
    if (height.current && firstId !== undefined) el.scrollTop += el.scrollHeight - height.current;
    height.current = 0;
  }, [firstId]);

  const onScroll = () => {
    const el = list.current;
    if (!el) return;
    const bottom = el.scrollHeight - el.scrollTop - el.clientHeight < AT_BOTTOM_PX;
    // Scrolled to the top: the page before comes in above (the button stays for keyboards).
    if (el.scrollTop < AT_BOTTOM_PX && view?.hasOlder && !olderBusy) void older();
    // Leaving the bottom, or back at it: what is on screen now has been seen.
    if (bottom || atBottom) setSeenAt(lastId);
    setAtBottom(bottom);
  };

  const older = async () => {
    if (!view || firstId === undefined || olderBusy) return;
    setOlderBusy(true);
    height.current = list.current?.scrollHeight ?? 0;
    try {
      await loadOlder(dispatch, room, firstId);
    } catch (e) {
      setNotice((e as Error).message);
    } finally {
      setOlderBusy(false);
    }
  };

  /**
   * Says it as the signed-in member. Typed before the socket had signed in (a fast first message,
   * or a chat token that had just expired): the socket signs in with a token got now, and the
   * message goes once more, so nothing the member wrote is lost to the race.
   */
  const sayAsMember = async (conn: ChatConnection, body: { text: string } | { image: string }) => {
    try {
      await conn.say(body);
    } catch (err) {
      const unauthorized = err instanceof ChatError && err.code === 'UC/UNAUTHORIZED';
      if (!unauthorized || !signedIn) throw err;
      // The kept token first; a dead one is replaced by a new session.
      const signed =
        ((await ensureChatToken(dispatch)) !== null && (await conn.auth())) ||
        ((await ensureChatToken(dispatch, true)) !== null && (await conn.auth()));
      if (!signed) throw err;
      await conn.say(body);
    }
  };

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    const conn = connections.get(room);
    if (!text.trim() || sending || !conn) return;
    setSending(true);
    setNotice(null);
    try {
      await sayAsMember(conn, { text });
      setText('');
      setAtBottom(true);
    } catch (err) {
      const c = err instanceof ChatError ? err.code : '';
      // Kept as typed: nothing the visitor wrote is lost to a refusal.
      setNotice(
        c === 'SYS/TIMEOUT' ? w.timeout : format(w.failed, { msg: (err as Error).message || c }),
      );
    } finally {
      setSending(false);
    }
  };

  const sendImage = async (file: File | undefined) => {
    const conn = connections.get(room);
    if (!file || !conn || sending) return;
    setSending(true);
    setNotice(null);
    try {
      await sayAsMember(conn, { image: await uploadChatImage(dispatch, file) });
      setAtBottom(true);
    } catch (err) {
      setNotice(format(w.failed, { msg: (err as Error).message }));
    } finally {
      setSending(false);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  const jump = () => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
    setSeenAt(lastId);
    setAtBottom(true);
  };

  const unseen = !atBottom && lastId !== undefined && (seenAt === undefined || lastId > seenAt);
  const mutedUntil = view?.mutedUntil ?? null;
  useEffect(() => {
    if (!mutedUntil) return;
    const timer = setTimeout(
      () => setMuteOver(mutedUntil),
      Math.max(0, Date.parse(mutedUntil) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [mutedUntil]);
  const muted = mutedUntil !== null && muteOver !== mutedUntil;
  const me = view?.user?.id ?? null;

  return (
    <section className="kj-card kj-chat" aria-labelledby={`chat-${room}`}>
      <header className="kj-chat__head">
        <h2 id={`chat-${room}`}>
          {w.title} · {name}
        </h2>
        <span className="kj-chat__status" role="status">
          {!view
            ? null
            : view.connection === 'open'
              ? format(w.online, { n: view.online })
              : view.connection === 'connecting'
                ? w.connecting
                : w.offline}
        </span>
      </header>
      {isLoading ? (
        <div className="kj-chat__body">
          <Skeleton rows={4} />
        </div>
      ) : error || !view ? (
        <ErrorNotice
          message={format(w.loadFailed, {
            msg: (error as { message?: string } | undefined)?.message ?? '',
          })}
          onRetry={() => void refetch()}
          retryLabel={w.retry}
        />
      ) : (
        <div className="kj-chat__body">
          {/* The log is the scrolling box; the messages inside it stay a real list (a list
              element given role=log is no list for assistive technology). */}
          <div
            ref={list}
            className="kj-chat__list"
            role="log"
            aria-live="polite"
            aria-label={w.messages}
            tabIndex={0}
            onScroll={onScroll}
          >
            <ol className="kj-chat__items">
              {view.hasOlder && (
                <li className="kj-chat__older">
                  <button type="button" onClick={() => void older()} disabled={olderBusy}>
                    {olderBusy ? w.loadingOlder : w.older}
                  </button>
                </li>
              )}
              {view.messages.length === 0 && <li className="kj-chat__empty">{w.empty}</li>}
              {view.messages.map((m) => (
                <ChatMessageRow
                  key={m.id}
                  message={m}
                  me={me}
                  moderator={view.user?.role === 'moderator'}
                  onImage={setViewer}
                  onNotice={setNotice}
                />
              ))}
            </ol>
          </div>
          {unseen && (
            <button type="button" className="kj-chat__pill" onClick={jump}>
              {w.newMessages} ↓
            </button>
          )}
        </div>
      )}
      {notice && (
        <p className="kj-chat__notice" role="alert">
          {notice}
        </p>
      )}
      {!signedIn ? (
        <p className="kj-chat__signin">
          {w.signIn}{' '}
          <AppLink to={paths.login.href(location.pathname + location.search)}>
            {w.signInLink}
          </AppLink>
        </p>
      ) : muted ? (
        <p className="kj-chat__signin">
          {format(w.muted, {
            time: new Date(view!.mutedUntil!).toLocaleString(
              locale === 'zh-Hant' ? 'zh-HK' : 'zh-CN',
              {
                month: 'numeric',
                day: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                hour12: false,
              },
            ),
          })}
        </p>
      ) : (
        <form className="kj-chat__form" onSubmit={(e) => void send(e)}>
          <textarea
            aria-label={format(w.placeholder, { max: CHAT_TEXT_MAX })}
            placeholder={format(w.placeholder, { max: CHAT_TEXT_MAX })}
            value={text}
            maxLength={CHAT_TEXT_MAX}
            rows={1}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
          />
          <label className="kj-chat__pick" title={w.sendImage}>
            <input
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-label={w.sendImage}
              disabled={sending || !view?.user}
              onChange={(e) => {
                void sendImage(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <span aria-hidden="true">＋</span>
          </label>
          <button
            type="submit"
            className="kj-button"
            disabled={sending || !text.trim() || !view?.user}
          >
            {sending ? w.sending : w.send}
          </button>
        </form>
      )}
      {viewer && (
        <div className="kj-chat__viewer" role="dialog" aria-modal="true" aria-label={w.image}>
          <img src={viewer} alt={w.image} />
          <button type="button" className="kj-button" onClick={() => setViewer(null)} autoFocus>
            {w.closeImage}
          </button>
        </div>
      )}
    </section>
  );
}
