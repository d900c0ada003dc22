import { useEffect, useSyncExternalStore } from 'react';
import { useT } from '../i18n';
import {
  NOTIFICATION_MS,
  dismissNotice,
  getNotices,
  subscribeNotices,
  type Notice,
} from './notifications';
import './notification-host.css';

function NoticeCard({ notice, closeLabel }: { notice: Notice; closeLabel: string }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissNotice(notice.id), NOTIFICATION_MS);
    return () => clearTimeout(timer);
  }, [notice.id]);
  return (
    <div className="kj-notice-card" role="status">
      <div className="kj-notice-card__text">
        <p className="kj-notice-card__title">{notice.title}</p>
        {notice.body ? <p className="kj-notice-card__body">{notice.body}</p> : null}
      </div>
      <button
        type="button"
        className="kj-notice-card__close"
        aria-label={closeLabel}
        onClick={() => dismissNotice(notice.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Where notify() shows its cards; rendered by the screens that raise them. */
export function NotificationHost({ closeLabel }: { closeLabel?: string }) {
  const t = useT();
  const notices = useSyncExternalStore(subscribeNotices, getNotices, getNotices);
  // The container stays mounted so assistive tech already watches it when a card is added.
  return (
    <div className="kj-notices" aria-live="polite">
      {notices.map((n) => (
        <NoticeCard key={n.id} notice={n} closeLabel={closeLabel ?? t('common.close')} />
      ))}
    </div>
  );
}
