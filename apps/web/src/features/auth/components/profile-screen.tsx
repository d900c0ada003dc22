import { formatCurrency, maskPhone } from '@kaijiang/domain';
import { paths } from '@/shared/config/paths';
import { format, useMessages } from '@/shared/i18n';
import { useAppSelector } from '@/shared/store/hooks';
import { selectSignedIn } from '@/shared/store/session-slice';
import { AppLink } from '@/shared/ui/app-link';
import { ErrorNotice } from '@/shared/ui/error-notice';
import { Icon } from '@/shared/ui/icon';
import { LinkList } from '@/shared/ui/link-list';
import { Skeleton } from '@/shared/ui/skeleton';
import { showToast } from '@/shared/ui/toast';
import { accountWords } from '../model/account-words';
import { useLogoutMutation, useProfileQuery } from '../api/auth-api';
import { selectProfile } from '../model/auth-slice';
import './account.css';

export function ProfileScreen() {
  const profile = useAppSelector(selectProfile);
  const signedIn = useAppSelector(selectSignedIn);
  // The route's loader asked for it; this keeps it (and asks again after a change elsewhere).
  const { refetch } = useProfileQuery(undefined, { skip: !signedIn });
  const [logout, { isLoading: busy }] = useLogoutMutation();
  const w = useMessages(accountWords);

  async function signOut() {
    const ok = await logout().unwrap();
    void showToast(ok ? w.signedOut : w.signedOutHere, ok ? 'success' : undefined);
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
                {w.notSignedIn}
              </h2>
              <p className="kj-member-card__text">{w.signInHint}</p>
              <div className="kj-member-card__actions">
                <AppLink className="kj-button" to={paths.login.href(paths.profile.href())}>
                  {w.signIn}
                </AppLink>
                <AppLink
                  className="kj-button kj-button--ghost"
                  to={paths.register.href(paths.profile.href())}
                >
                  {w.register}
                </AppLink>
              </div>
            </>
          ) : loaded ? (
            <>
              <h2 id="kj-member-title" className="kj-member-card__name">
                {name}
              </h2>
              <p className="kj-member-card__text">
                {format(w.account, { username: userInfo.username ?? '' })}
                {userInfo.phone ? format(w.phone, { phone: maskPhone(userInfo.phone) }) : ''}
              </p>
            </>
          ) : (
            <h2 id="kj-member-title" className="kj-member-card__name">
              {w.memberCenter}
            </h2>
          )}
        </div>
      </section>

      {signedIn && !loaded && profile.processing ? (
        <div className="kj-card kj-account-pad">
          <Skeleton rows={2} label={w.loadingMember} />
        </div>
      ) : null}
      {signedIn && profile.error ? (
        <ErrorNotice message={profile.error} onRetry={() => void refetch()} retryLabel={w.retry} />
      ) : null}

      {loaded ? (
        <dl className="kj-card kj-account-stats">
          <div>
            <dt>{w.balance}</dt>
            <dd>{formatCurrency(userInfo.balance ?? 0)}</dd>
          </div>
          <div>
            <dt>{w.rebate}</dt>
            <dd>{userInfo.rebate}%</dd>
          </div>
          <div>
            <dt>{w.unread}</dt>
            <dd>{extInfo.unreadMessages ?? 0}</dd>
          </div>
          <div>
            <dt>{w.collections}</dt>
            <dd>{extInfo.collections ?? 0}</dd>
          </div>
        </dl>
      ) : null}

      <LinkList
        label={w.memberLinks}
        items={[
          {
            href: paths.myMessage.href(),
            icon: 'message',
            label: extInfo.unreadMessages
              ? format(w.myMessagesUnread, { count: extInfo.unreadMessages })
              : w.myMessages,
          },
          { href: paths.collection.href(), icon: 'star', label: w.myCollection },
          { href: paths.userInformation.href(), icon: 'user', label: w.userInformation },
          { href: paths.changePassword.href(), icon: 'lock', label: w.changePassword },
        ]}
      />
      <LinkList
        label={w.other}
        items={[
          { href: paths.setting.href(), icon: 'setting', label: w.setting },
          { href: paths.contact.href(), icon: 'service', label: w.contact },
        ]}
      />
      {signedIn ? (
        <button
          type="button"
          className="kj-button kj-button--ghost kj-button--block"
          onClick={() => void signOut()}
          disabled={busy}
        >
          {busy ? w.signingOut : w.signOut}
        </button>
      ) : null}
    </div>
  );
}
