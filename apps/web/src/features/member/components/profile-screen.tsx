import { useState } from 'react';
import { paths } from '@/shared/config/paths';
import { getAccessToken } from '@/shared/storage/storage';
import { AppLink } from '@/shared/ui/app-link';
import { Icon } from '@/shared/ui/icon';
import { LinkList } from '@/shared/ui/link-list';
import { logout } from '../api/logout';
import './member.css';

export function ProfileScreen() {
  const [signedIn, setSignedIn] = useState(() => getAccessToken() !== null);
  const [busy, setBusy] = useState(false);

  async function signOut() {
    setBusy(true);
    await logout();
    setBusy(false);
    setSignedIn(false);
  }

  return (
    <div className="kj-stack">
      <section className="kj-card kj-member-card" aria-labelledby="kj-member-title">
        <span className="kj-member-card__avatar" aria-hidden="true">
          <Icon name="user" size={30} />
        </span>
        <div>
          <h2 id="kj-member-title" className="kj-member-card__name">
            {signedIn ? '会员中心' : '尚未登录'}
          </h2>
          <p className="kj-member-card__text">
            {signedIn ? '你的收藏、消息和账号设置都在这里。' : '登录后可收藏内容、接收站内消息。'}
          </p>
          {signedIn ? null : (
            <div className="kj-member-card__actions">
              <AppLink className="kj-button" to={paths.login.href(paths.profile.href())}>
                登录
              </AppLink>
              <AppLink
                className="kj-button kj-button--ghost"
                to={paths.register.href(paths.profile.href())}
              >
                注册
              </AppLink>
            </div>
          )}
        </div>
      </section>
      <LinkList
        label="会员功能"
        items={[
          { href: paths.myMessage.href(), icon: 'message', label: '我的消息' },
          { href: paths.collection.href(), icon: 'star', label: '我的收藏' },
          { href: paths.userInformation.href(), icon: 'user', label: '个人资料' },
          { href: paths.changePassword.href(), icon: 'lock', label: '修改密码' },
        ]}
      />
      <LinkList
        label="其他"
        items={[
          { href: paths.setting.href(), icon: 'setting', label: '设置' },
          { href: paths.contact.href(), icon: 'service', label: '联系客服' },
        ]}
      />
      {signedIn ? (
        <button
          type="button"
          className="kj-button kj-button--ghost kj-button--block"
          onClick={() => void signOut()}
          disabled={busy}
        >
          {busy ? '正在退出…' : '退出登录'}
        </button>
      ) : null}
    </div>
  );
}
