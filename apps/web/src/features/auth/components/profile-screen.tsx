import { useEffect, useState } from 'react';
import { formatCurrency, maskPhone } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { getAccessToken } from '@/shared/storage/storage';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Icon } from '@/shared/ui/icon';
import { LinkList } from '@/shared/ui/link-list';
import { Skeleton } from '@/shared/ui/skeleton';
import { showToast } from '@/shared/ui/toast';
import { fetchProfile, logout, selectProfile } from '../model/auth-slice';
import './account.css';

export function ProfileScreen() {
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const [busy, setBusy] = useState(false);
  // Read on every render: the slice changes whenever the token does (sign-out, a dead token).
  const signedIn = getAccessToken() !== null;

  useEffect(() => {
    if (getAccessToken()) void dispatch(fetchProfile());
  }, [dispatch]);

  async function signOut() {
    setBusy(true);
    const ok = await dispatch(logout()).unwrap();
    setBusy(false);
    void showToast(ok ? '已退出登录' : '已在本机退出登录', ok ? 'success' : undefined);
  }

  const { userInfo, extInfo } = profile.data;
  const loaded = signedIn && userInfo.username !== undefined;
  const name = userInfo.nickname || userInfo.username || '';

  return (
    <div className="kj-stack">
      <section
        className="kj-card kj-member-card"
        aria-labelledby="kj-member-title"
        aria-busy={profile.processing}
      >
        <span className="kj-member-card__avatar" aria-hidden="true">
          {loaded && userInfo.avatar ? (
            <img src={userInfo.avatar} alt="" width={56} height={56} />
          ) : (
            <Icon name="user" size={30} />
          )}
        </span>
        <div className="kj-member-card__body">
          {!signedIn ? (
            <>
              <h2 id="kj-member-title" className="kj-member-card__name">
                尚未登录
              </h2>
              <p className="kj-member-card__text">登录后可收藏内容、接收站内消息。</p>
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
            </>
          ) : loaded ? (
            <>
              <h2 id="kj-member-title" className="kj-member-card__name">
                {name}
              </h2>
              <p className="kj-member-card__text">
                账号 {userInfo.username}
                {userInfo.phone ? ` · 手机 ${maskPhone(userInfo.phone)}` : ''}
              </p>
            </>
          ) : (
            <h2 id="kj-member-title" className="kj-member-card__name">
              会员中心
            </h2>
          )}
        </div>
      </section>

      {signedIn && !loaded && profile.processing ? (
        <div className="kj-card kj-account-pad">
          <Skeleton rows={2} label="正在加载会员资料…" />
        </div>
      ) : null}
      {signedIn && profile.error ? (
        <ErrorNotice message={profile.error} onRetry={() => void dispatch(fetchProfile())} />
      ) : null}

      {loaded ? (
        <dl className="kj-card kj-account-stats">
          <div>
            <dt>余额</dt>
            <dd>{formatCurrency(userInfo.balance ?? 0)}</dd>
          </div>
          <div>
            <dt>返水</dt>
            <dd>{userInfo.rebate}%</dd>
          </div>
          <div>
            <dt>未读消息</dt>
            <dd>{extInfo.unreadMessages ?? 0}</dd>
          </div>
          <div>
            <dt>收藏</dt>
            <dd>{extInfo.collections ?? 0}</dd>
          </div>
        </dl>
      ) : null}

      <LinkList
        label="会员功能"
        items={[
          {
            href: paths.myMessage.href(),
            icon: 'message',
            label: extInfo.unreadMessages
              ? `我的消息（${extInfo.unreadMessages} 条未读）`
              : '我的消息',
          },
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
