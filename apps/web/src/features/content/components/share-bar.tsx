import type { ReactNode } from 'react';
import { useMessages } from '@/shared/i18n';
import { Icon } from '@/shared/ui/icon';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { shareLink } from '../model/share';
import { contentWords } from '../model/words';
import './content.css';

/**
 * The actions under an article or a picture: share, plus whatever the app puts beside it (the
 * members' collect button).
 */
export function ShareBar({
  title,
  dark = false,
  children,
}: {
  title: string;
  dark?: boolean;
  children?: ReactNode;
}) {
  const w = useMessages(contentWords);
  const share = async () => {
    const result = await shareLink({ title, url: window.location.href });
    if (result === 'copied') void showToast(w.shareCopied, 'success');
    if (result === 'failed') void showErrorToast(w.shareFailed);
  };
  return (
    <div className={dark ? 'kj-actions kj-actions--dark' : 'kj-actions'}>
      {children}
      <button type="button" className="kj-action" onClick={() => void share()}>
        <Icon name="globe" size={20} />
        {w.share}
      </button>
    </div>
  );
}
