import type { ReactNode } from 'react';
import { Icon } from '@/shared/ui/icon';
import { showErrorToast, showToast } from '@/shared/ui/toast';
import { shareLink } from '../model/share';
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
  const share = async () => {
    const result = await shareLink({ title, url: window.location.href });
    if (result === 'copied') void showToast('链接已复制，可以粘贴给好友', 'success');
    if (result === 'failed') void showErrorToast('无法分享，请手动复制地址栏中的链接');
  };
  return (
    <div className={dark ? 'kj-actions kj-actions--dark' : 'kj-actions'}>
      {children}
      <button type="button" className="kj-action" onClick={() => void share()}>
        <Icon name="globe" size={20} />
        分享
      </button>
    </div>
  );
}
