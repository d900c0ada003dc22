import { useState } from 'react';
import type { MemberMessage } from '@kaijiang/domain';
import type { CallError } from '@/shared/api/base-query';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';
import { EmptyState } from '@/shared/ui/empty-state';
import { showErrorToast } from '@/shared/ui/toast';
import {
  useMarkAllReadMutation,
  useMarkReadMutation,
  useMessagesInfiniteQuery,
  useUnreadCountQuery,
} from '../api/member-api';
import { usePagedList } from '@/shared/api/paged-list';
import { memberWords } from '../model/words';
import { MemberList } from './member-list';
import './member.css';

const messageId = (item: { id: number }) => item.id;

const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { dateStyle: 'medium', timeStyle: 'short' });

export function MyMessageScreen() {
  const signedIn = useAppSelector(selectSignedIn);
  const w = useMessages(memberWords);
  const [open, setOpen] = useState<number | null>(null);
  // The route's loader asked for both; these keep them while the screen is open.
  const list = usePagedList(useMessagesInfiniteQuery(undefined, { skip: !signedIn }), messageId);
  const unread = useUnreadCountQuery(undefined, { skip: !signedIn }).data ?? 0;
  const [markRead] = useMarkReadMutation();
  const [markAllRead] = useMarkAllReadMutation();

  if (!signedIn) {
    return (
      <div className="kj-stack">
        <div className="kj-card">
          <EmptyState
            icon="message"
            title={w.messagesSignIn}
            description={w.messagesSignInHint}
            actions={
              <AppLink className="kj-button" to={paths.login.href(paths.myMessage.href())}>
                {w.signIn}
              </AppLink>
            }
          />
        </div>
      </div>
    );
  }

  async function toggle(message: MemberMessage) {
    setOpen((current) => (current === message.id ? null : message.id));
    if (message.read) return;
    try {
      await markRead(message.id).unwrap();
    } catch (error) {
      console.warn('marking a message read failed', error);
    }
  }

  async function readAll() {
    try {
      await markAllRead().unwrap();
    } catch (error) {
      void showErrorToast((error as CallError).message || w.actionFailed);
    }
  }

  return (
    <div className="kj-stack">
      <div className="kj-inbox-bar">
        <p aria-live="polite">
          {unread > 0 ? (
            <>
              <span className="kj-badge" aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
              {format(w.unreadCount, { count: unread })}
            </>
          ) : (
            w.noUnread
          )}
        </p>
        {unread > 0 ? (
          <button
            type="button"
            className="kj-button kj-button--ghost"
            onClick={() => void readAll()}
          >
            {w.readAll}
          </button>
        ) : null}
      </div>
      <MemberList
        list={list}
        label={w.messageList}
        loadingLabel={w.loadingMessages}
        failed={w.messagesFailed}
        empty={<EmptyState icon="message" title={w.noMessages} description={w.noMessagesHint} />}
        row={(m) => (
          <li
            key={m.id}
            className={m.read ? 'kj-inbox__item' : 'kj-inbox__item kj-inbox__item--unread'}
          >
            <button
              type="button"
              className="kj-inbox__head"
              aria-expanded={open === m.id}
              aria-controls={`kj-message-${m.id}`}
              onClick={() => void toggle(m)}
            >
              {m.read ? null : <span className="kj-dot" aria-label={w.unread} role="img" />}
              <span className="kj-inbox__title">{m.title}</span>
              <time className="kj-inbox__time" dateTime={m.createdAt}>
                {when(m.createdAt)}
              </time>
            </button>
            <div id={`kj-message-${m.id}`} className="kj-inbox__body" hidden={open !== m.id}>
              {m.content}
            </div>
          </li>
        )}
      />
    </div>
  );
}
