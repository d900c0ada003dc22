import type { ChatMessage } from '@kaijiang/domain';
import { useState } from 'react';
import { format, useLocale, useMessages } from '@/shared/i18n';
import { useAppDispatch } from '@/shared/store/hooks';
import { deleteMessageApi } from '../api/delete-message';
import { muteMemberApi } from '../api/mute-member';
import { reportMessageApi } from '../api/report-message';
import { chatImage } from '../model/chat-url';
import { chatWords } from '../model/words';
import { DrawMessage } from './draw-message';

interface Props {
  message: ChatMessage;
  /** The visitor's member id in the chat (null: a visitor or signed out). */
  me: number | null;
  moderator: boolean;
  onImage: (src: string) => void;
  onNotice: (text: string) => void;
}

const time = (at: string, locale: string) =>
  new Date(at).toLocaleTimeString(locale === 'zh-Hant' ? 'zh-HK' : 'zh-CN', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  });

/** One message: who, when, what (plain text, never HTML), and what the visitor may do with it. */
export function ChatMessageRow({ message: m, me, moderator, onImage, onNotice }: Props) {
  const w = useMessages(chatWords);
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  // Untracked: a moderator's click leaves nothing in the cache, only the notice.
  const reportMessage = (id: number) =>
    dispatch(reportMessageApi.endpoints.reportChatMessage.initiate(id, { track: false })).unwrap();
  const deleteMessage = (id: number) =>
    dispatch(deleteMessageApi.endpoints.deleteChatMessage.initiate(id, { track: false })).unwrap();
  const muteMember = (memberId: number, minutes: number) =>
    dispatch(
      muteMemberApi.endpoints.muteChatMember.initiate({ memberId, minutes }, { track: false }),
    ).unwrap();
  if (m.user.role === 'system' && m.draw) return <DrawMessage message={m} about={m.draw} />;
  if (m.user.role === 'system') {
    return (
      <li className="kj-chat__system">
        <span className="kj-chat__system-name">{w.system}</span> {m.text}
      </li>
    );
  }
  const act = (work: () => Promise<unknown>, done: string) => async () => {
    setBusy(true);
    try {
      await work();
      onNotice(done);
    } catch (e) {
      onNotice((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const mine = me !== null && m.user.id === me;
  return (
    <li className={`kj-chat__msg${mine ? ' kj-chat__msg--mine' : ''}`}>
      <span className="kj-chat__avatar" aria-hidden="true">
        {m.user.avatar ? <img src={m.user.avatar} alt="" /> : [...m.user.nickname][0]}
      </span>
      <div className="kj-chat__bubble">
        <div className="kj-chat__meta">
          <span className="kj-chat__name">{m.user.nickname}</span>
          {m.user.role === 'moderator' && <span className="kj-chat__badge">{w.moderator}</span>}
          <time dateTime={m.at}>{time(m.at, locale)}</time>
        </div>
        {m.text !== undefined && <p className="kj-chat__text">{m.text}</p>}
        {m.image && (
          <button
            type="button"
            className="kj-chat__image"
            onClick={() => onImage(chatImage(m.image!))}
          >
            <img src={chatImage(m.image)} alt={w.image} loading="lazy" />
          </button>
        )}
      </div>
      {me !== null && !mine && (
        <details className="kj-chat__menu">
          <summary aria-label={w.actions} title={w.actions}>
            ⋯
          </summary>
          <div className="kj-chat__menu-list" role="group" aria-label={w.actions}>
            <button
              type="button"
              disabled={busy}
              onClick={act(() => reportMessage(m.id), w.reported)}
            >
              {w.report}
            </button>
            {moderator && (
              <>
                <button
                  type="button"
                  disabled={busy}
                  onClick={act(() => deleteMessage(m.id), w.removed)}
                >
                  {w.remove}
                </button>
                {([10, 60, 1440] as const).map((min) => (
                  <button
                    key={min}
                    type="button"
                    disabled={busy}
                    onClick={act(
                      () => muteMember(m.user.id, min),
                      `${w.mutedMember} ${m.user.nickname}`,
                    )}
                  >
                    {format(w[`mute${min}`], {})}
                  </button>
                ))}
              </>
            )}
          </div>
        </details>
      )}
    </li>
  );
}
